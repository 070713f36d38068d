import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useHarnessPage } from '../../support/harnessPage';

const axeSource = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8');

/** The chat input's completion list as a WAI-ARIA 1.2 combobox (issue 45), checked by axe-core in Chromium. */
describe('CompletionPopup in Chromium: the input is the combobox of its suggestions', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('completionPopupHarness', axeSource);
  const input = () => harness.page.getByRole('combobox', { name: 'Message CodeAgent' });
  const attribute = (name: string) => input().getAttribute(name);

  async function seriousViolations(): Promise<string[]> {
    return (await harness.page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`)) as string[];
  }

  it('closed: a collapsed combobox controlling the hidden list, and axe finds nothing serious', async () => {
    assert.equal(await attribute('aria-expanded'), 'false');
    assert.equal(await attribute('aria-controls'), 'completions');
    assert.equal(await attribute('aria-autocomplete'), 'list');
    assert.equal(await attribute('aria-activedescendant'), null);
    assert.deepEqual(await seriousViolations(), []);
  });

  it('open: expanded, the active option is its active descendant and moves with the arrows; Escape collapses it', async () => {
    await input().click();
    await harness.page.evaluate(() => window.popupHarness.show(['src/a.ts', 'src/b.ts', 'src/c.ts']));
    assert.equal(await attribute('aria-expanded'), 'true');
    const options = harness.page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    assert.equal(await options.count(), 3);
    const active = async () => {
      const id = await attribute('aria-activedescendant');
      const selected = await harness.page.locator('[role="option"][aria-selected="true"]').getAttribute('id');
      assert.equal(id, selected, 'the active descendant is the selected option');
      return harness.page.locator(`#${id}`).locator('.completion-label').textContent();
    };
    assert.equal(await active(), 'src/a.ts');
    assert.deepEqual(await seriousViolations(), []);
    await harness.page.keyboard.press('ArrowDown');
    assert.equal(await active(), 'src/b.ts');
    await harness.page.keyboard.press('ArrowUp');
    await harness.page.keyboard.press('ArrowUp');
    assert.equal(await active(), 'src/c.ts', 'Up from the first wraps to the last');
    await harness.page.keyboard.press('Escape');
    assert.equal(await attribute('aria-expanded'), 'false');
    assert.equal(await attribute('aria-activedescendant'), null);
    assert.equal(await harness.page.locator('#completions').isHidden(), true);
  });

  it('Enter accepts the active option and collapses the list', async () => {
    await input().click();
    await harness.page.evaluate(() => window.popupHarness.show(['one', 'two']));
    await harness.page.keyboard.press('ArrowDown');
    await harness.page.keyboard.press('Enter');
    assert.deepEqual(await harness.page.evaluate(() => window.popupHarness.accepted), ['two']);
    assert.equal(await attribute('aria-expanded'), 'false');
  });
});
