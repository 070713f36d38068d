import * as assert from 'node:assert/strict';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { useHarnessPage } from '../../support/harnessPage';

const call = (id: string, name: string, meta: Record<string, unknown> = {}, extra: Partial<TranscriptEntry> = {}): TranscriptEntry => ({
  id: `call-${id}`, kind: 'tool-call', text: '', turnId: 't1', meta: { name, callId: id, params: { path: 'src/a.ts' }, status: 'running', ...meta }, ...extra,
});
const approval = (id: string, phase: 'request' | 'decision'): TranscriptEntry => ({
  id: `approval-${id}`, kind: 'approval', text: '$ make', turnId: 't1', meta: { tool: 'Bash', callId: id, phase, decision: phase === 'decision' ? 'accepted' : undefined },
});
const todos = (...statuses: string[]): TranscriptEntry => ({
  id: 'plan-todos', kind: 'plan', text: '', meta: { todos: statuses.map((status, i) => ({ content: `item ${i + 1}`, status })) },
});

/** The transcript in a real DOM (Chromium): one card per call, its approval inside, the pinned todo list. */
describe('TranscriptView in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('transcriptDomHarness', 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => undefined, setState: () => undefined });');

  const reset = (entries: TranscriptEntry[]) => harness.page.evaluate((e) => window.transcriptHarness.reset(e), entries);
  const add = (entry: TranscriptEntry) => harness.page.evaluate((e) => window.transcriptHarness.add(e), entry);
  const update = (entry: TranscriptEntry) => harness.page.evaluate((e) => window.transcriptHarness.update(e), entry);
  const describeView = () => harness.page.evaluate(() => window.transcriptHarness.describe());

  it('puts a live approval inside its call\'s card, before the result', async () => {
    await reset([]);
    await add(call('b1', 'Bash', { params: { command: 'make' } }));
    await add(approval('b1', 'request'));
    await update(call('b1', 'Bash', { params: { command: 'make' }, status: 'done', result: 'Exit code: 0', detail: { exitCode: 0, outputTail: 'ok' } }));
    const view = await describeView();
    assert.deepEqual(view.top, ['tool-call:call-b1'], 'one row: the card');
    assert.deepEqual(view.cards[0]!.inside, ['approval', 'tool-result'], 'the approval, then the result, inside the card');
  });

  it('restores a saved transcript the same way: one card per call, its approval inside', async () => {
    const entries: TranscriptEntry[] = [{ id: 'u', kind: 'user', text: 'go', turnId: 't1' }];
    for (let i = 0; i < 40; i++) entries.push(call(`c${i}`, 'Bash', { params: { command: `echo ${i}` }, status: 'done', result: `${i}` }), approval(`c${i}`, 'decision'));
    await reset(entries);
    await harness.page.evaluate(() => window.transcriptHarness.settled());
    // One look at the DOM: a late measurement may move the built range between two looks.
    const { view, numbered } = await harness.page.evaluate(() => ({
      view: window.transcriptHarness.describe(),
      numbered: document.querySelectorAll('[role="log"] > [aria-setsize="41"]').length,
    }));
    // Only the end is built (spec §24): what is built holds one card per call, each with its approval inside.
    assert.ok(view.top.length > 1 && view.top.every((id) => id.startsWith('tool-call:')), JSON.stringify(view.top));
    assert.equal(numbered, view.top.length, 'the user entry and one card per call');
    assert.ok(view.cards.every((card) => card.inside.join() === 'approval,tool-result'), JSON.stringify(view.cards.slice(0, 3)));
  });

  it('shows no empty assistant entry between calls, and shows it once text arrives', async () => {
    await reset([call('a', 'LS', { status: 'done', result: 'x' }), { id: 'e1', kind: 'assistant', text: '\n', turnId: 't1' }, call('b', 'Read', { status: 'done', result: 'y' })]);
    await harness.page.evaluate(() => window.transcriptHarness.settled());
    assert.deepEqual((await describeView()).hidden, ['e1']);
    await update({ id: 'e1', kind: 'assistant', text: '\nNow reading.', turnId: 't1' });
    assert.deepEqual((await describeView()).hidden, []);
  });

  it('an answer\'s Copy copies its Markdown source as far as it has streamed, without the header', async () => {
    await reset([{ id: 'u', kind: 'user', text: 'go', turnId: 't1' }]);
    await add({ id: 'a1', kind: 'assistant', text: '# Title\n\nSome **bold**', turnId: 't1' });
    await harness.page.evaluate(() => window.transcriptHarness.append('a1', ' and `code`.'));
    await harness.page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      (window as unknown as { posted: unknown[] }).posted.length = 0;
    });
    assert.equal(await harness.page.getByRole('button', { name: 'Copy message' }).count(), 1, 'answers have it, user messages do not');
    await harness.page.getByRole('button', { name: 'Copy message' }).click();
    assert.deepEqual(await harness.page.evaluate(() => (window as unknown as { posted: unknown[] }).posted), [{ type: 'copyText', text: '# Title\n\nSome **bold** and `code`.' }]);
  });

  it('marks a refused answer in words and as data-refusal; an ordinary answer carries neither', async () => {
    await reset([
      { id: 'a0', kind: 'assistant', text: 'Sure.', turnId: 't0' },
      { id: 'r1', kind: 'assistant', text: "I'm sorry, I can't assist with that request.", turnId: 't1', meta: { refusal: true } },
    ]);
    await harness.page.evaluate(() => window.transcriptHarness.settled());
    const refused = harness.page.locator('[data-kind="assistant"][data-refusal="true"]');
    assert.equal(await refused.count(), 1);
    assert.match((await refused.locator('.entry-header').textContent()) ?? '', /Refused/);
    assert.match((await refused.locator('.entry-body').textContent()) ?? '', /can't assist/);
    assert.equal(await harness.page.locator('[data-id="a0"][data-refusal]').count(), 0);
    assert.equal(await harness.page.locator('[data-id="a0"] .refused-label').count(), 0);
  });

  it('a failed turn\'s error offers Retry and a stopped one Continue, each posting once', async () => {
    await reset([
      { id: 'e1', kind: 'error', text: 'The endpoint refused the API key (401).', turnId: 't1', meta: { code: 'auth', retryable: true } },
      { id: 'e2', kind: 'error', text: 'Stopped after 50 model calls.', turnId: 't2', meta: { code: 'maxIterations', continuable: true } },
      { id: 'e3', kind: 'error', text: 'Retry 1/3 in 2 s: 429', turnId: 't3', meta: { retry: true } },
    ]);
    await harness.page.evaluate(() => window.transcriptHarness.settled());
    await harness.page.evaluate(() => { (window as unknown as { posted: unknown[] }).posted.length = 0; });
    const button = (id: string) => harness.page.locator(`[data-id="${id}"] .retry-row vscode-button`);
    assert.equal(await button('e3').count(), 0, 'a retry in progress has no button');
    assert.equal(await button('e1').textContent(), 'Retry');
    assert.equal(await button('e2').textContent(), 'Continue');
    for (const id of ['e1', 'e1', 'e2']) await button(id).click();
    assert.deepEqual(await harness.page.evaluate(() => (window as unknown as { posted: unknown[] }).posted), [{ type: 'retry', turnId: 't1' }, { type: 'send', text: 'Continue.' }], 'a second click on a used button posts nothing');
  });

  it('a card speaks only through its status element, and only when the status changes', async () => {
    await reset([]);
    await add(call('r', 'Read', { status: 'streaming', params: { path: 'src/a' } }));
    let view = await describeView();
    assert.equal(view.cards[0]!.live, 'off');
    assert.equal(view.cards[0]!.statusText, 'Read: streaming');
    const mutations = await harness.page.evaluate(
      ([same, changed]) => window.transcriptHarness.statusMutations('call-r', [same, same, changed]),
      [call('r', 'Read', { status: 'streaming', params: { path: 'src/a.t' } }), call('r', 'Read', { status: 'done', params: { path: 'src/a.ts' }, result: 'src/a.ts: lines 1-2 of 2\n     1\tone\n     2\ttwo' })] as const,
    );
    assert.equal(mutations, 1, 'streaming parameters do not touch the status; the change to done does, once');
    view = await describeView();
    assert.equal(view.cards[0]!.statusText, 'Read: done');
    assert.deepEqual(await harness.page.evaluate(() => window.transcriptHarness.clickFileLine('call-r')), [{ type: 'openFile', path: 'src/a.ts', line: 1 }], 'a Read line opens the file at that line');
  });

  it('an edit\'s new problems, Usages and Symbols lines open the file at their line (spec §13)', async () => {
    const problem = "src/b.ts:7:3 error ts 2322: Type 'string' is not assignable to type 'number'.";
    await reset([
      call('e', 'Edit', { status: 'done', result: `Edited src/a.ts: 1 replacement, line 2 changed.\n\nNew problems after this edit:\n${problem}`, detail: { path: 'src/a.ts', added: 1, removed: 1, newProblems: [problem] } }),
      call('u', 'Usages', { status: 'done', params: { symbol: 'total', path: 'src/a.ts' }, result: 'Definitions:\nsrc/calc.ts:4: export function total() {' }),
      call('s', 'Symbols', { status: 'done', params: { query: 'total' }, result: "2 symbols match 'total':\nmethod Cart.total — src/cart.ts:9\nfunction total — src/calc.ts:4" }),
    ]);
    await harness.page.evaluate(() => window.transcriptHarness.settled());
    assert.equal(await harness.page.locator('[data-id="call-e"] [data-kind="new-problems"]').textContent(), `New problems after this edit:${problem}`);
    assert.deepEqual(await harness.page.evaluate(() => window.transcriptHarness.clickFileLine('call-e')), [{ type: 'openFile', path: 'src/b.ts', line: 7 }], 'a problem opens its file at its line');
    assert.deepEqual(await harness.page.evaluate(() => window.transcriptHarness.clickFileLine('call-u')), [{ type: 'openFile', path: 'src/calc.ts', line: 4 }], 'a usage opens like a Grep match');
    assert.deepEqual(await harness.page.evaluate(() => window.transcriptHarness.clickFileLine('call-s')), [{ type: 'openFile', path: 'src/cart.ts', line: 9 }], 'a symbol opens its declaration');
  });

  it('keeps the todo list out of the transcript and live above the input: open while busy, folded to its progress when idle', async () => {
    await reset([]);
    await harness.page.evaluate(() => window.transcriptHarness.busy(true));
    await add(todos('in_progress', 'pending', 'pending'));
    await update(todos('completed', 'in_progress', 'pending'));
    let view = await describeView();
    assert.deepEqual(view.top, [], 'not in the transcript');
    assert.deepEqual(view.pinned, { hidden: false, open: true, summary: 'Todos 1/3 done: item 2', items: ['completed', 'in_progress', 'pending'] });
    await harness.page.evaluate(() => window.transcriptHarness.busy(false));
    view = await describeView();
    assert.equal(view.pinned.open, false, 'folded when idle');
    await reset([{ id: 'u', kind: 'user', text: 'new chat' }]);
    assert.equal((await describeView()).pinned.hidden, true, 'a conversation without todos shows no widget');
  });
});
