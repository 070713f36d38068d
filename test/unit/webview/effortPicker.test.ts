import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ModelSetupView } from '../../../src/protocol/modelSetup';
import { useHarnessPage } from '../../support/harnessPage';

const styles = [
  ':root { --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif; --vscode-font-size: 13px; }',
  fs.readFileSync(path.resolve(__dirname, '../../../webview-ui/styles.css'), 'utf8'),
].join('\n');

const setup = (model: string, extra: Partial<ModelSetupView> = {}): ModelSetupView => ({ baseUrl: 'https://api.deepseek.com', model, presets: [], ...extra });

/** Issue 30 item 5: the reasoning effort beside the header's model picker, in Chromium with the panel's stylesheet. */
describe('the reasoning effort control beside the model picker (Chromium)', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('modelPickerHarness', 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => undefined, setState: () => undefined });');
  const page = () => harness.page;
  const effort = () => page().getByRole('combobox', { name: 'Reasoning effort' });
  const show = (view: ModelSetupView) => page().evaluate((v) => window.pickerHarness.showSetup(v), view);
  const posted = () => page().evaluate(() => (window as unknown as { posted: unknown[] }).posted.splice(0));

  before(async () => {
    await page().addStyleTag({ content: styles });
  });

  it('shows the setting and offers Default plus only the levels the model accepts, each explained on hover', async () => {
    await show(setup('deepseek-v4-flash', { reasoningEffort: 'high', effortLevels: ['none', 'high', 'max'] }));
    assert.deepEqual(await effort().locator('option').allTextContents(), ['Default', 'None', 'High', 'Max']);
    assert.equal(await effort().inputValue(), 'high');
    assert.match(await effort().getAttribute('title') ?? '', /^Reasoning effort .*High: much thinking/);
    assert.equal(await effort().locator('option[value="default"]').getAttribute('title'), 'Default: the provider decides');
  });

  it('choosing a level, by keyboard too, asks the host to write codeagent.model.reasoningEffort', async () => {
    await show(setup('deepseek-v4-flash', { reasoningEffort: 'default', effortLevels: ['none', 'high', 'max'] }));
    await posted();
    await effort().selectOption('max');
    assert.deepEqual(await posted(), [{ type: 'chooseEffort', effort: 'max' }]);
    await effort().focus();
    await page().keyboard.press('ArrowUp');
    assert.deepEqual(await posted(), [{ type: 'chooseEffort', effort: 'high' }]);
  });

  it('a level the model does not take stays visible as such; a model that does not reason disables the control and says why', async () => {
    await show(setup('claude-sonnet-4-5', { reasoningEffort: 'max', effortLevels: ['none', 'low', 'medium', 'high'] }));
    assert.equal(await effort().locator('option:checked').textContent(), 'Max (not for this model)');
    await show(setup('gpt-4.1', { reasoningEffort: 'default', effortLevels: [] }));
    assert.equal(await effort().isDisabled(), true);
    assert.equal(await effort().locator('option').allTextContents().then((t) => t.join()), 'No reasoning');
    assert.equal(await effort().getAttribute('title'), 'gpt-4.1 does not reason, so it takes no reasoning effort');
  });

  it('hidden until a model is chosen', async () => {
    await show(setup('', { effortLevels: ['none', 'low', 'medium', 'high', 'max'] }));
    assert.equal(await effort().count(), 0);
    await show(setup('my-model'));
    assert.deepEqual(await effort().locator('option').allTextContents(), ['Default', 'None', 'Low', 'Medium', 'High', 'Max'], 'no levels said: all of them');
  });

  it('fits beside the model list in a 300 px side bar (Test connection wraps below)', async () => {
    await page().setViewportSize({ width: 300, height: 400 });
    await show(setup('deepseek/deepseek-v4-flash:free', { reasoningEffort: 'medium', effortLevels: ['none', 'high', 'max'] }));
    assert.equal(await page().evaluate(() => window.pickerHarness.overflow()), 0);
    const box = await effort().boundingBox();
    assert.ok(box && box.width >= 40, `the control stays readable: ${JSON.stringify(box)}`);
    const model = await page().getByRole('combobox', { name: 'Model' }).boundingBox();
    assert.ok(model && model.width >= 100, `the model list keeps room: ${JSON.stringify(model)}`);
    assert.equal(Math.round(box.y + box.height / 2), Math.round(model.y + model.height / 2), 'the effort sits beside the model list');
  });
});
