// Long conversations stay fast (spec §24): the panel renders only the entries near the viewport. One test here runs
// in `npm test`; the figures at 40 and 200 turns run in `npm run bench -- vscode` (CODEAGENT_FIGURES=1).
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { BrowserSession } from './support/browserSession';
import { markdownAnswer } from '../fixtures/markdownAnswer';
import { sendChatMessage, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite, type CodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { FIRST_TURN_WORD, storeMany } from './support/longConversation';
import { viewTitleAction } from './support/sideBar';
import { reloadWindow } from './support/windowReload';
import {
  endShownAfterInputReady, findFirstTurn, heapAfterGcMb, historyShownAfterOpen, lastAnswerVisible, longTasks, openLongConversation, panelLoad, scrollToFirstTurn, watchLongTasks,
} from './support/longConversationFigures';

const MAX_NODES = 3_000;

describe('long conversations (spec §24)', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a 60-turn conversation opens at its end with a small DOM; scrolling up and Find bring the first turn back; entries are numbered for screen readers', async function () {
    this.timeout(180_000);
    const { session, chat } = await openLongConversation(suite, 'long-60', 60, 4_000, 'history');
    assert.ok(await lastAnswerVisible(chat, 60), 'the last answer is on screen');
    const opened = await panelLoad(chat);
    assert.ok(opened.nodes <= MAX_NODES, `${opened.nodes} DOM nodes after opening (at most ${MAX_NODES})`);
    const numbered = await chat.evaluate(`[...document.querySelectorAll('[role="log"] > [aria-posinset]')].map((e) => [e.getAttribute('aria-posinset'), e.getAttribute('aria-setsize')])`) as Array<[string, string]>;
    assert.ok(numbered.length > 0, 'the rendered entries carry aria-posinset');
    const setSize = Number(numbered[0]![1]);
    assert.ok(setSize >= 120, `aria-setsize counts every entry, rendered or not (${setSize})`);
    assert.equal(Number(numbered.at(-1)![0]), setSize, 'the last rendered entry is the last of the set');

    await scrollToFirstTurn(chat);
    assert.equal(await chat.locator('[role="log"] > [aria-posinset="1"]').count(), 1, 'the first entry is back, numbered 1');
    const atTop = await panelLoad(chat);
    assert.ok(atTop.nodes <= MAX_NODES, `${atTop.nodes} DOM nodes at the top`);

    await findFirstTurn(chat, session);
    assert.match(await chat.getByRole('status').filter({ hasText: /of/ }).first().textContent() ?? '', /1 of 1/, 'Find counts one hit');
  });
});

/** The spec §24 figures, printed for `npm run bench -- vscode`; they assert what the user must see, not durations. */
describe('figures in real VS Code: long conversations', function () {
  const suite = useCodeServerSuite({ window: 'shared' });
  const run = process.env.CODEAGENT_FIGURES ? it : it.skip;

  run('figure: History with 1,000 saved conversations, from opened to its list on screen', async function () {
    this.timeout(600_000);
    const opened = await openLongConversation(suite, 'figure-history', 3, 1_000);
    const { session } = opened;
    // A user's long history is on disk when the window opens: stored, then the window reloaded.
    await storeMany(opened.dir, 1_000);
    const chat = await reloadWindow(session);
    await chat.getByText('Seeded.').or(chat.locator('[role="log"] [data-kind="assistant"]')).first().waitFor({ timeout: 60_000 });
    await viewTitleAction(session.page, 'History').click();
    await chat.getByRole('button', { name: 'Open conversation: Saved conversation 999' }).waitFor({ timeout: 60_000 });
    const shown = await historyShownAfterOpen(chat);
    const rows = await chat.locator('li.history-item').count();
    console.log(`      figure: History with ${rows} saved conversations: list on screen ${shown.shown} ms after it was opened (the list arrived from the host after ${shown.received} ms)`);
  });

  for (const turns of [40, 200]) {
    run(`figure: a ${turns}-turn conversation (15 KB answers with code): reload, stream, scroll to the top, Find`, async function () {
      this.timeout(600_000);
      await longFigure(suite, turns);
    });
  }
});

async function longFigure(suite: CodeServerSuite, turns: number): Promise<void> {
  const { session, chat, baseline } = await openLongConversation(suite, `figure-long-${turns}`, turns, 15_000);
  const shown = await endShownAfterInputReady(chat);
  const visible = await lastAnswerVisible(chat, turns);
  const reloaded = { ...(await panelLoad(chat)), gcHeap: await heapAfterGcMb(session, chat) };
  const reloadedPageGcMb = await pageHeapAfterGcMb(session, reloaded.gcHeap);
  const live = await streamOneMore(suite, chat);
  const liveGc = await heapAfterGcMb(session, chat);
  const livePageGcMb = await pageHeapAfterGcMb(session, liveGc);
  const topMs = await scrollToFirstTurn(chat);
  const findMs = await findFirstTurn(chat, session).catch((error: unknown) => `none (${String(error).split('\n')[0]})`);
  // The same window with the panel on a new, empty conversation: the heap that is not the long conversation's.
  await viewTitleAction(session.page, 'New Chat').click();
  await eventually(async () => assert.equal(await chat.locator('[role="log"] [data-kind]').count(), 0), { timeoutMs: 20_000, message: 'the new, empty conversation' });
  const emptyGcMb = (await heapAfterGcMb(session)).mb;
  const heap = reloaded.gcHeap.own
    ? `the panel's own heap (its frame runs in a process of its own) ${reloaded.gcHeap.mb} MB after the reload and ${liveGc.mb} MB live, after a full GC; the workbench page's ${reloadedPageGcMb} and ${livePageGcMb} MB, ${emptyGcMb} MB with the panel on an empty conversation`
    : `the conversation's share of the heap ${reloadedPageGcMb - emptyGcMb} MB after the reload and ${livePageGcMb - emptyGcMb} MB live (after a full GC: ${reloadedPageGcMb} and ${livePageGcMb} MB, ${emptyGcMb} MB with the panel on an empty conversation)`;
  const mb = (turns * 15_000 / 1e6).toFixed(1);
  console.log(`      figure: long conversation ${turns} turns (${mb} MB of answers): after a reload the last answer ${visible ? 'is visible' : 'is NOT visible'} ${shown.shown} ms after the input was ready (the snapshot arrived after ${shown.received} ms, was in the DOM after ${shown.rendered} ms); ${reloaded.nodes} DOM nodes; ${heap}; performance.memory ${reloaded.heapMb} MB (${baseline.heapMb} MB with a one-message chat before); live after one more streamed answer: ${live.nodes} DOM nodes, longest task of the panel's own ${live.longestOwn} ms (${live.overOwn} over 50 ms), of the window's main thread ${live.longest} ms (${live.over50} over 50 ms); first turn back ${topMs} ms after scrolling to the top; Find of "${FIRST_TURN_WORD}": ${typeof findMs === 'number' ? `${findMs} ms` : findMs}`);
}

/** The workbench page's heap: the reading just taken when the panel had no process of its own, else a new one. */
async function pageHeapAfterGcMb(session: BrowserSession, taken: { mb: number; own: boolean }): Promise<number> {
  return taken.own ? (await heapAfterGcMb(session)).mb : taken.mb;
}

/** One more answer streamed into the open conversation, watched for long tasks; then the panel's load. */
async function streamOneMore(suite: CodeServerSuite, chat: Frame): Promise<{ nodes: number; heapMb: number; longest: number; over50: number; longestOwn: number; overOwn: number }> {
  suite.model.enqueue({ text: markdownAnswer(15_000), chunkSize: 16 });
  await watchLongTasks(chat);
  await sendChatMessage(chat, 'One more answer, please.');
  await chat.getByText('END-OF-ANSWER').first().waitFor({ timeout: 60_000 });
  await waitForIdle(chat, 60_000);
  const tasks = await longTasks(chat);
  const load = await panelLoad(chat);
  const own = tasks.filter((task) => task.who === 'self').map((task) => task.ms);
  const all = tasks.map((task) => task.ms);
  return { ...load, longest: Math.max(0, ...all), over50: all.filter((ms) => ms > 50).length, longestOwn: Math.max(0, ...own), overOwn: own.filter((ms) => ms > 50).length };
}
