import * as assert from 'node:assert/strict';
import { chunks, corpus, randomChunks } from './markdownCorpus';
import { useHarnessPage } from '../../support/harnessPage';
import { settle } from '../../support/guardedWebviewPage';

/** StreamingMarkdown in a real DOM (Chromium): sanitising, highlighting and the final DOM of a stream. */
describe('StreamingMarkdown in Chromium', function () {
  // The corpus holds the project's own docs, which grow: a stream of one costs updates × its open tail, and several
  // times more beside the e2e track on two busy cores.
  this.timeout(180_000);
  const harness = useHarnessPage('markdownDomHarness');

  const stream = (parts: string[], finish = true, budgeted = false, attachEvery = 1, keepTexts = false) =>
    harness.page.evaluate(([p, f, b, a, k]) => window.markdownHarness.stream(p, f, b, a, k), [parts, finish, budgeted, attachEvery, keepTexts] as const);
  const whole = (text: string) => harness.page.evaluate((t) => window.markdownHarness.whole(t), text);

  corpus().forEach(({ name, text, real }, index) => {
    // A real file streams once, in random chunks (up to 80 characters) of its own seed; a synthetic text in every chunking.
    const chunkings: Array<[string, string[]]> = real
      ? [[`random chunks, seed ${index}`, randomChunks(text, index, 80)]]
      : [['16-character chunks', chunks(text, 16)], ...[3, 11].map((seed): [string, string[]] => [`random chunks, seed ${seed}`, randomChunks(text, seed)])];
    it(`ends with the DOM of one whole render for "${name}" (${real ? 'random' : '16-character and random'} chunks)`, async () => {
      const expected = await whole(text);
      for (const [label, parts] of chunkings) assert.equal((await stream(parts)).html, expected, label);
    });
  });

  it('renders a burst over several updates when each update runs out of time, and still ends with the whole render', async () => {
    for (const { name, text, real } of corpus()) {
      const expected = await whole(text);
      // One big burst: every block is final at once, and each update may render only one of them.
      const burst = await stream([text], true, true);
      assert.equal(burst.html, expected, `${name}: one burst, budgeted, then finish()`);
      assert.equal((await stream(randomChunks(text, 7, real ? 400 : 40), true, true)).html, expected, `${name}: random chunks, budgeted`);
    }
    // The open tail [A, B] is on screen when "B" turns out to be "B." and C… arrive: A is kept, the stale B goes.
    // (Enough C blocks that catching up takes more than one render group.)
    const grown = ['A.\n\nB', `.\n\n${'C.\n\n'.repeat(1500)}D.\n\nE.\n`];
    const replaced = await stream(grown, true, true, 1, true);
    assert.equal(replaced.html, await whole(grown.join('')), 'a stale tail block is replaced, not kept');
    assert.doesNotMatch(replaced.texts[1]!.replace(/\s+/g, ''), /BB\./, 'while catching up, only final blocks show: never the stale "B" beside "B."');
    // Longer than a render group and a lexing piece: catching up takes several budgeted updates.
    const closed = `${Array.from({ length: 1500 }, (_, n) => `Paragraph ${n}.\n\n- c\n- d\n\n`).join('')}\`\`\`ts\nconst e = 1;\n\`\`\`\n\nF.\n`;
    const caughtUp = await stream([closed], false, true);
    assert.equal(caughtUp.html, await whole(closed), 'repeated updates catch up without finish()');
    assert.ok(caughtUp.maxBacklogUpdates >= 2, `the burst took ${caughtUp.maxBacklogUpdates} extra updates: the budget was not applied`);
  });

  it('a burst rendered in slices that stage their blocks joins the page only when an update attaches, in order, and ends as the whole render', async () => {
    for (const { name, text, real } of corpus()) {
      const expected = await whole(text);
      assert.equal((await stream([text], true, true, 3)).html, expected, `${name}: one burst, two of three updates staged, then finish()`);
      assert.equal((await stream(randomChunks(text, 5, real ? 400 : 40), true, true, 4)).html, expected, `${name}: random chunks, three of four updates staged`);
    }
    const closed = `${Array.from({ length: 3000 }, (_, n) => `Paragraph ${n}.\n\n`).join('')}End.\n`;
    const staged = await stream([closed], false, true, 3, true);
    assert.equal(staged.html, await whole(closed), 'caught up without finish(): the last update attaches what was staged');
    // Updates 1 and 2 of every 3 stage: the page changes only on every third update.
    const changes = staged.backlogTexts.filter((text, i) => text !== (staged.backlogTexts[i - 1] ?? staged.texts.at(-1)));
    assert.ok(staged.backlogTexts.length >= 6, `the burst took ${staged.backlogTexts.length} updates`);
    assert.ok(changes.length <= Math.ceil(staged.backlogTexts.length / 3) + 1, `${changes.length} of ${staged.backlogTexts.length} updates changed the page`);
    // A late link definition reopens a group that is still staged: it is rendered again, nothing twice.
    const parts = [`${'Intro.\n\n'.repeat(300)}See [x] here.\n\n${'More.\n\n'.repeat(300)}`, '[x]: https://example.com/x\n\nEnd.\n'];
    assert.equal((await stream(parts, true, true, 5)).html, await whole(parts.join('')));
  });

  it('while a burst is rendered over many updates, its end is on the page at once as plain text, gone once the blocks catch up', async () => {
    const burst = `${Array.from({ length: 3000 }, (_, n) => `Paragraph ${n}.\n\n`).join('')}The very end.\n`;
    const rendered = await stream([burst], false, true, 1, true);
    assert.ok(rendered.maxBacklogUpdates >= 2, `the burst took ${rendered.maxBacklogUpdates} extra updates`);
    assert.match(rendered.texts[0]!, /Paragraph 2999\.\s+The very end\.\s*$/, 'the first update shows the end');
    assert.doesNotMatch(rendered.texts[0]!, /Paragraph 1500\./, 'only the end of what is not rendered yet, not all of it');
    assert.ok(rendered.backlogTexts.slice(0, -1).every((text) => /The very end\.\s*$/.test(text)), 'every update while behind ends with the end');
    assert.equal(rendered.html, await whole(burst), 'caught up: the plain text is gone, the DOM is the whole render');
  });

  it('a late link definition reopens a block rendered in the middle of a group: the whole group is rendered again', async () => {
    const parts = ['Intro one.\n\nIntro two.\n\nSee [x] here.\n\nMore text.\n\nEven more.\n\nLast.\n\n', '[x]: https://example.com/x\n\nEnd.\n'];
    const expected = await whole(parts.join(''));
    assert.match(expected, /<a href="https:\/\/example.com\/x">x<\/a>/);
    assert.equal((await stream(parts)).html, expected);
  });

  it('equals a whole render when the text ends in a closed fence, without finish()', async () => {
    const text = 'Intro.\n\n```ts\nconst a: number = 1;\n```\n';
    assert.equal((await stream(chunks(text, 4), false)).html, await whole(text));
  });

  it('shows an open fence as plain text, and highlights it once finished', async () => {
    const text = 'Intro.\n\n```ts\nconst a: number = 1;\n';
    const open = await stream(chunks(text, 4), false);
    assert.doesNotMatch(open.html, /hljs/);
    assert.match(open.html, /<code class="language-ts">const a: number = 1;\n<\/code>/);
    assert.equal((await stream(chunks(text, 4), true)).html, await whole(text));
  });

  it('sanitises HTML in the open tail: an <img onerror> streaming in is never live in the DOM', async () => {
    const text = 'Look:\n\n<img src="x" onerror="window.pwned = 1">\n\nand inline <img src=y onerror=window.pwned=2> too <script>window.pwned=3</script>\n\nEnd.\n';
    for (const parts of [chunks(text, 1), chunks(text, 16), randomChunks(text, 5)]) {
      const result = await stream(parts);
      assert.equal(result.liveOnerror, 0);
      // The handler is gone; so is the relative src (only data: images keep one, see remoteContent.test.ts).
      assert.match(result.html, /<img>/);
    }
    await settle(harness.page); // every image loaded or failed: an error handler would have run by now
    assert.equal(await harness.page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  });
});
