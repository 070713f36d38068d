import * as assert from 'node:assert/strict';
import { chunks } from './markdownCorpus';
import { useHarnessPage } from '../../support/harnessPage';

/** Code blocks in the chat (spec §10): a toolbar with the language, Copy and Insert at cursor, added after sanitising. */
describe('code block decoration in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('markdownDomHarness');

  const codeBlocks = (text: string) => harness.page.evaluate((t) => window.markdownHarness.codeBlocks(t), text);
  const stream = (parts: string[], finish = true) => harness.page.evaluate(([p, f]) => window.markdownHarness.stream(p, f), [parts, finish] as const);
  const whole = (text: string) => harness.page.evaluate((t) => window.markdownHarness.whole(t), text);
  const actions = (text: string, works: boolean) => harness.page.evaluate(([t, w]) => window.markdownHarness.codeActions(t, w), [text, works] as const);

  const text = 'Run `npm test` first.\n\n```ts\nconst a: number = 1;\n```\n\n```\nplain words\n```\n';

  it('gives each fenced block a language label, Copy and Insert at cursor; inline code stays inline', async () => {
    const { blocks, toolbars } = await codeBlocks(text);
    assert.deepEqual(blocks, [
      { language: 'ts', buttons: ['Copy code', 'Insert at cursor'], highlighted: true, code: 'const a: number = 1;\n' },
      { language: 'text', buttons: ['Copy code', 'Insert at cursor'], highlighted: false, code: 'plain words\n' },
    ]);
    assert.equal(toolbars, 2, 'no toolbar for inline code');
  });

  it('adds the toolbar after sanitising: it is not in the HTML, and markup in the block stays inert text', async () => {
    const hostile = '```html\n<img src=x onerror="window.pwned=1"><button onclick="window.pwned=2">Copy</button>\n```\n\n<button onclick="window.pwned=3">Copy code</button>\n';
    const { sanitized, blocks } = await codeBlocks(hostile);
    assert.doesNotMatch(sanitized, /code-toolbar|code-action/, 'the sanitised HTML carries no toolbar');
    assert.doesNotMatch(sanitized, /<[^>]*\son(click|error)=/, 'handlers are stripped from real tags');
    assert.equal(blocks.length, 1);
    assert.deepEqual(blocks[0]!.buttons, ['Copy code', 'Insert at cursor']);
    assert.match(blocks[0]!.code, /<img src=x onerror=/, 'the code is shown as text');
    assert.equal(await harness.page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  });

  it('a streamed block gets its toolbar once its fence closes, and the result equals a whole render', async () => {
    const open = 'Intro.\n\n```ts\nconst a = 1;\n';
    assert.doesNotMatch((await stream(chunks(open, 4), false)).html, /code-toolbar/, 'no toolbar while the fence is open');
    assert.equal((await stream(chunks(open, 4), true)).html, await whole(open), 'finished: like a whole render');
    const finished = (await stream(chunks(text, 5), false)).html;
    assert.equal(finished, await whole(text));
    assert.equal(finished.match(/class="code-toolbar"/g)?.length, 2, 'one toolbar per block, never two');
  });

  it('Copy writes the clipboard, or asks the host when the webview may not; Insert goes to the host', async () => {
    const allowed = await actions('```js\nlet x = 2;\n```\n', true);
    assert.deepEqual(allowed, { clipboard: ['let x = 2;\n'], fallback: [], inserted: ['let x = 2;\n'], label: 'Copied' });
    const refused = await actions('```js\nlet y = 3;\n```\n', false);
    assert.deepEqual(refused.clipboard, []);
    assert.deepEqual(refused.fallback, ['let y = 3;\n']);
  });
});
