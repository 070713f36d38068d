import * as assert from 'node:assert/strict';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { useHarnessPage } from '../../support/harnessPage';

/** `turns` exchanges: a question, a thinking block, an answer of a few paragraphs; a word only turn 0 holds. */
function conversation(turns: number): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (let i = 0; i < turns; i++) {
    const turnId = `t${i}`;
    entries.push({ id: `u${i}`, kind: 'user', text: i === 0 ? 'Tell me about the quokkafirst module.' : `Question ${i}?`, turnId });
    entries.push({ id: `k${i}`, kind: 'thinking', text: `Thinking about ${i}.\n\n${'Considering options. '.repeat(20)}`, turnId });
    entries.push({ id: `a${i}`, kind: 'assistant', text: `Answer ${i}.\n\n${'Some prose about the step. '.repeat(30)}\n\n\`\`\`ts\nconst x${i} = ${i};\n\`\`\`\n`, turnId });
  }
  return entries;
}

/** Spec §24 in a real DOM (Chromium): only the entries near the viewport are built; the rest come back as they were. */
describe('the virtualized transcript in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('transcriptDomHarness', 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => undefined, setState: () => undefined });');
  const page = () => harness.page;
  const reset = (entries: TranscriptEntry[]) => page().evaluate((e) => window.transcriptHarness.reset(e), entries);
  const rendered = () => page().evaluate(() => window.transcriptHarness.rendered());
  const scrollTo = (top: number) => page().evaluate((y) => window.transcriptHarness.scrollTo(y), top);

  it('builds only the end of a long conversation, numbering each rendered entry within the whole', async () => {
    await reset(conversation(200));
    const view = await rendered();
    assert.ok(view.length > 0 && view.length < 40, `${view.length} of 600 entries in the DOM`);
    assert.equal(view.at(-1)!.id, 'a199', 'the last answer');
    assert.ok(view.at(-1)!.onScreen, 'the last answer is on screen');
    assert.ok(view.every((e) => e.size === 600), 'aria-setsize counts every entry');
    assert.deepEqual(view.map((e) => e.pos), view.map((_, i) => 600 - view.length + 1 + i), 'aria-posinset is each one\'s place');
    assert.ok(await page().evaluate(() => document.scrollingElement!.scrollHeight > 600 * 40), 'the page is as tall as the whole conversation');
  });

  it('scrolling to the top brings the first turn back and drops the end; scrolling down brings the end back', async () => {
    await reset(conversation(200));
    for (let i = 0; i < 10 && !(await rendered()).some((e) => e.id === 'u0' && e.onScreen); i++) await scrollTo(0);
    const top = await rendered();
    assert.ok(top.some((e) => e.id === 'u0' && e.onScreen && e.pos === 1), JSON.stringify(top.slice(0, 3)));
    assert.ok(!top.some((e) => e.id === 'a199'), 'the end left the DOM');
    assert.ok(top.length < 40, `${top.length} entries in the DOM`);
    for (let i = 0; i < 10 && !(await rendered()).some((e) => e.id === 'a199' && e.onScreen); i++) await scrollTo(Infinity);
    assert.ok((await rendered()).some((e) => e.id === 'a199' && e.onScreen), 'the end is back');
  });

  it('an entry dropped and built again keeps what the user opened', async () => {
    await reset(conversation(200));
    assert.equal(await page().evaluate(() => window.transcriptHarness.toggleDetails('k199', true)), true);
    for (let i = 0; i < 10 && (await rendered()).some((e) => e.id === 'k199'); i++) await scrollTo(0);
    assert.ok(!(await rendered()).some((e) => e.id === 'k199'), 'the thinking block left the DOM');
    await scrollTo(Infinity);
    await scrollTo(Infinity);
    assert.equal(await page().evaluate(() => window.transcriptHarness.detailsOpen('k199')), true, 'still open');
    assert.equal(await page().evaluate(() => window.transcriptHarness.detailsOpen('k198')), false, 'the others as they were');
  });

  it('keeps a running call in the DOM while the user scrolls a little away, rebuilds it from its data from afar, and streams into an entry out of the DOM', async () => {
    const entries = conversation(100);
    const running = (status: string): TranscriptEntry => ({ id: 'call-run', kind: 'tool-call', text: '', turnId: 't96', meta: { name: 'Bash', callId: 'run', params: { command: 'make' }, status } });
    entries.splice(entries.length - 9, 0, running('running'));
    entries.push({ id: 'late', kind: 'assistant', text: 'Start.', turnId: 't99' });
    await reset(entries);
    await scrollTo(Infinity);
    assert.ok((await rendered()).some((e) => e.id === 'call-run'), 'the running call is near the end');
    // Up a screen at a time until the call is more than the one screen below the viewport that anything is kept.
    const call = async () => (await rendered()).find((e) => e.id === 'call-run');
    for (let i = 0; i < 20 && ((await call())?.top ?? 0) < 2.2; i++) await page().evaluate(() => window.transcriptHarness.scrollTo(document.scrollingElement!.scrollTop - innerHeight / 2));
    assert.ok(await call(), 'the running call stayed in the DOM, more than two screens below');
    assert.ok(!(await rendered()).some((e) => e.id === 'late'), 'what is not live left it');
    await scrollTo(0);
    await scrollTo(0);
    assert.ok(!(await rendered()).some((e) => e.id === 'call-run'), 'far away, even a running call leaves the DOM');
    await page().evaluate(() => window.transcriptHarness.append('late', ' And the rest.'));
    await page().evaluate((entry) => window.transcriptHarness.update(entry), running('done'));
    for (let i = 0; i < 5 && !(await rendered()).some((e) => e.id === 'late'); i++) await scrollTo(Infinity);
    assert.match(await page().locator('[data-id="late"]').textContent() ?? '', /Start\. And the rest\./);
    assert.equal(await page().locator('[data-id="call-run"]').getAttribute('data-status'), 'done', 'built again from its data');
  });

  it('Find (Ctrl+F) finds a word of an entry not in the DOM, builds it and scrolls to it', async () => {
    await reset(conversation(200));
    assert.ok(!(await rendered()).some((e) => e.id === 'u0'));
    await page().keyboard.press('Control+f');
    const box = page().getByRole('searchbox', { name: 'Find in conversation' });
    await box.fill('QUOKKAFIRST');
    assert.equal(await page().getByRole('status').textContent(), '1 result');
    await box.press('Enter');
    await page().evaluate(() => window.transcriptHarness.frames(3));
    assert.ok((await rendered()).some((e) => e.id === 'u0' && e.onScreen), 'the first question is on screen');
    assert.equal(await page().getByRole('status').textContent(), '1 of 1');
    assert.equal(await page().evaluate(() => CSS.highlights.get('codeagent-find-current')?.size), 1, 'the hit is highlighted');
    await box.fill('const x1');
    await box.press('Enter');
    assert.match(await page().getByRole('status').textContent() ?? '', /^1 of 11\d$/, 'x1, x10…x19, x100…x199: every entry searched');
    await box.press('Escape');
    assert.equal(await box.isVisible(), false);
  });

  it('a conversation opened from its end asks for its start near the top or on Find, and puts it before what is on screen', async () => {
    const all = conversation(200);
    const posted = () => page().evaluate(() => (window as unknown as { posted: Array<{ type: string }> }).posted.filter((m) => m.type === 'loadEarlier').length);
    await page().evaluate(() => { (window as unknown as { posted: unknown[] }).posted = []; });
    await page().evaluate(([tail, earlier]) => window.transcriptHarness.reset(tail, earlier), [all.slice(540), 540] as const);
    assert.equal((await rendered()).at(-1)!.size, 600, 'numbered within the whole, the start not here yet');
    assert.equal(await posted(), 0, 'nothing asked while the end is on screen');
    await page().keyboard.press('Control+f');
    assert.equal(await posted(), 1, 'Find asks for the start');
    const box = page().getByRole('searchbox', { name: 'Find in conversation' });
    await box.fill('quokkafirst');
    await box.press('Enter');
    assert.equal(await page().getByRole('status').textContent(), 'No results', 'not here yet');
    await page().evaluate((earlier) => window.transcriptHarness.prependEarlier(earlier), all.slice(0, 540));
    await page().evaluate(() => window.transcriptHarness.frames(3));
    assert.equal(await page().getByRole('status').textContent(), '1 of 1', 'the waiting Enter went to the hit once the start came');
    const view = await rendered();
    assert.ok(view.some((e) => e.id === 'u0' && e.onScreen && e.pos === 1 && e.size === 600), JSON.stringify(view.slice(0, 2)));
    await box.press('Escape');
    await page().evaluate(([tail, earlier]) => window.transcriptHarness.reset(tail, earlier), [all.slice(540), 540] as const);
    for (let i = 0; i < 10 && (await posted()) < 2; i++) await scrollTo(0);
    assert.equal(await posted(), 2, 'scrolling to the top asks too');
  });
});
