import * as assert from 'node:assert/strict';
import { useHarnessPage } from '../../support/harnessPage';

/** Up and Down in the chat input recall the conversation's messages (Chromium, real key presses and caret). */
describe('PromptRecall in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('promptRecallHarness');
  const input = () => harness.page.getByRole('textbox', { name: 'Message CodeAgent' });
  const value = () => input().inputValue();
  const press = (key: string) => harness.page.keyboard.press(key);

  beforeEach(async () => {
    await harness.page.evaluate(() => window.recallHarness.reset(['first question', 'second\ntwo lines', 'third']));
    await input().click();
  });

  it('Up from an empty input walks back through the messages, Down forward and back to empty', async () => {
    await press('ArrowUp');
    assert.equal(await value(), 'third');
    await press('ArrowUp');
    assert.equal(await value(), 'second\ntwo lines');
    await press('ArrowUp');
    assert.equal(await value(), 'first question');
    await press('ArrowUp');
    assert.equal(await value(), 'first question', 'the oldest stays');
    await press('ArrowDown');
    assert.equal(await value(), 'second\ntwo lines');
    // Down inside a multi-line message moves the caret first: it recalls only from the last line.
    assert.equal(await input().evaluate((el: HTMLTextAreaElement) => el.selectionStart), 'second\ntwo lines'.length);
    await press('ArrowDown');
    assert.equal(await value(), 'third');
    await press('ArrowDown');
    assert.equal(await value(), '', 'past the newest: the empty input again');
  });

  it('Up inside a multi-line message moves the caret until it is on the first line', async () => {
    await press('ArrowUp');
    await press('ArrowUp');
    assert.equal(await value(), 'second\ntwo lines');
    await input().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await press('ArrowUp');
    assert.equal(await value(), 'second\ntwo lines', 'the caret went up a line instead');
    await press('ArrowUp');
    assert.equal(await value(), 'first question');
  });

  it('never replaces a draft: typed text, or a recalled message the user changed, keeps the arrows for the caret', async () => {
    await harness.page.keyboard.type('my draft');
    await press('ArrowUp');
    assert.equal(await value(), 'my draft');
    await harness.page.keyboard.press('Control+A');
    await press('Backspace');
    await press('ArrowUp');
    assert.equal(await value(), 'third');
    await press('End');
    await harness.page.keyboard.type(' edited');
    await press('ArrowUp');
    await press('ArrowDown');
    assert.equal(await value(), 'third edited');
  });

  it('a message sent while browsing becomes the newest', async () => {
    await press('ArrowUp');
    await harness.page.evaluate(() => window.recallHarness.add('fourth'));
    await input().fill('');
    await press('ArrowUp');
    assert.equal(await value(), 'fourth');
  });
});
