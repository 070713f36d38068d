// What the long-conversation test and figures (spec §24) read in the panel, on the webview's own clock.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { BrowserSession } from './browserSession';
import type { CodeServerSuite } from './codeServerSuite';
import { CHAT_INPUT } from './browserSession';
import { sendAndWaitForTurn } from './chatPanel';
import { eventually } from './eventually';
import { FIRST_TURN_WORD, lastAnswerEnd, longConversation, storeAsCurrent } from './longConversation';
import { conversationsDirWith } from './storedConversations';
import { reloadWindow } from './windowReload';
import { viewTitleAction } from './sideBar';

export interface PanelLoad {
  /** DOM nodes of the panel's document. */
  nodes: number;
  /** performance.memory.usedJSHeapSize, MB. */
  heapMb: number;
}

/** Plain source text for evaluate(): a named function would be wrapped in a helper the page does not have. */
const LOAD = `({ nodes: document.getElementsByTagName('*').length, heapMb: Math.round((performance.memory?.usedJSHeapSize ?? 0) / 1048576) })`;

export function panelLoad(chat: Frame): Promise<PanelLoad> {
  return chat.evaluate(LOAD) as Promise<PanelLoad>;
}

/**
 * A window on a new workspace, a first message (so the extension has its conversations directory), then the long
 * conversation stored as the current one and the window reloaded (the panel opens it as after any reload), or
 * opened from History (cheaper: no new window).
 */
export async function openLongConversation(suite: CodeServerSuite, name: string, turns: number, answerBytes: number, via: 'reload' | 'history' = 'reload'): Promise<{ session: BrowserSession; chat: Frame; dir: string; baseline: PanelLoad }> {
  const marker = `seed-${name}-${Date.now()}`;
  suite.model.enqueue({ text: 'Seeded.' });
  const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name });
  const session = await suite.openSession(suite.server.urlFor(workspace));
  await session.openCodeAgentView();
  let chat = await session.chatFrame();
  await sendAndWaitForTurn(chat, marker);
  // The renderer's heap holds the workbench's too (the webview's frame shares its process): this is the part not ours.
  const baseline = await panelLoad(chat);
  const dir = await eventually(() => {
    const found = conversationsDirWith(suite.server.userDataDir, marker);
    assert.ok(found, 'the first message is saved');
    return found;
  }, { timeoutMs: 20_000, message: 'the conversations directory' });
  const conversation = longConversation(`long-${name}`, turns, answerBytes);
  await storeAsCurrent(dir, conversation);
  if (via === 'reload') chat = await reloadWindow(session);
  else {
    await viewTitleAction(session.page, 'History').click();
    await chat.getByRole('button', { name: `Open conversation: ${conversation.title}` }).click();
  }
  await chat.getByText(lastAnswerEnd(turns), { exact: true }).waitFor({ timeout: 60_000 });
  return { session, chat, dir, baseline };
}

/**
 * From the input ready (the webview's start) to the frame after the restored transcript was put on screen, and of
 * that, how long until the snapshot arrived (the host's part) and until it was in the DOM (the panel's render).
 */
export async function endShownAfterInputReady(chat: Frame): Promise<{ shown: number; received: number; rendered: number }> {
  return eventually(async () => {
    const marks = await chat.evaluate(`performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])`) as Array<[string, number]>;
    const ready = marks.find(([name]) => name === 'codeagent:input-ready');
    const painted = marks.filter(([name]) => name === 'codeagent:snapshot-painted').at(-1);
    const received = marks.filter(([name]) => name === 'codeagent:snapshot-received').at(-1);
    const rendered = marks.filter(([name]) => name === 'codeagent:snapshot-rendered').at(-1);
    assert.ok(ready && painted, `the webview's marks: ${JSON.stringify(marks)}`);
    const since = (mark: [string, number] | undefined) => (mark ? Math.round(mark[1] - ready[1]) : -1);
    return { shown: since(painted), received: since(received), rendered: since(rendered) };
  }, { timeoutMs: 10_000, message: 'the snapshot marks' });
}

/** Whether the last answer's end is inside the panel's viewport. */
export async function lastAnswerVisible(chat: Frame, turns: number): Promise<boolean> {
  const box = await chat.getByText(lastAnswerEnd(turns), { exact: true }).boundingBox();
  const height = await chat.evaluate('innerHeight') as number;
  return box !== null && box.y >= 0 && box.y + box.height <= height + 1;
}

/** Scrolls to the top until the first turn is on screen; returns how long that took (ms). */
export async function scrollToFirstTurn(chat: Frame): Promise<number> {
  const start = Date.now();
  const first = chat.locator('[role="log"] [data-kind="user"]', { hasText: FIRST_TURN_WORD });
  await eventually(async () => {
    await chat.evaluate('document.scrollingElement.scrollTop = 0');
    assert.ok(await first.isVisible(), 'the first turn is on screen');
  }, { timeoutMs: 30_000, intervalMs: 100, message: 'the first turn after scrolling to the top' });
  return Date.now() - start;
}

/** Scrolls back to the end, opens Find (Ctrl+F) and looks for the first turn's word; returns how long to its hit (ms). */
export async function findFirstTurn(chat: Frame, session: BrowserSession): Promise<number> {
  await chat.evaluate('document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight');
  await chat.locator(CHAT_INPUT).click();
  await session.page.keyboard.press('Control+f');
  const box = chat.getByRole('searchbox', { name: 'Find in conversation' });
  await box.waitFor({ timeout: 5_000 });
  const start = Date.now();
  await box.fill(FIRST_TURN_WORD);
  await box.press('Enter');
  const first = chat.locator('[role="log"] [data-kind="user"]', { hasText: FIRST_TURN_WORD });
  await eventually(async () => assert.ok(await first.isVisible(), 'Find scrolled to the first turn'), { timeoutMs: 20_000, intervalMs: 100 });
  return Date.now() - start;
}

/** Watches the webview's long tasks (PerformanceObserver) from now on. */
export async function watchLongTasks(chat: Frame): Promise<void> {
  await chat.evaluate(`(() => {
    window.longTasks = [];
    window.longTaskObserver?.disconnect();
    window.longTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ ms: Math.round(e.duration), who: e.attribution?.[0]?.name ?? 'unknown' });
    });
    window.longTaskObserver.observe({ type: 'longtask' });
  })()`);
}

/**
 * The long tasks seen since watchLongTasks, by whose they were: `self` is the panel's own document; the webview's
 * frame shares the workbench's main thread, whose tasks come as an ancestor's.
 */
export async function longTasks(chat: Frame): Promise<Array<{ ms: number; who: string }>> {
  return chat.evaluate('window.longTasks ?? []') as Promise<Array<{ ms: number; who: string }>>;
}

/**
 * A JS heap after a full garbage collection (CDP), MB: the chat frame's own when Chromium runs it in a process of
 * its own (`own`), else the workbench page's, which then holds the panel's too (the panel's share is a difference
 * of two of these in the same window).
 */
export async function heapAfterGcMb(session: BrowserSession, chat?: Frame): Promise<{ mb: number; own: boolean }> {
  const frameSession = chat ? await session.page.context().newCDPSession(chat).catch(() => undefined) : undefined;
  const cdp = frameSession ?? (await session.page.context().newCDPSession(session.page));
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { mb: Math.round(usedSize / 1048576), own: frameSession !== undefined };
  } finally {
    await cdp.detach();
  }
}

/** From History opened (the panel asked for the list) to the frame after the list was put on screen. */
export async function historyShownAfterOpen(chat: Frame): Promise<{ shown: number; received: number }> {
  return eventually(async () => {
    const marks = await chat.evaluate(`performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])`) as Array<[string, number]>;
    const open = marks.filter(([name]) => name === 'codeagent:history-open').at(-1);
    const painted = marks.filter(([name]) => name === 'codeagent:history-painted').at(-1);
    const received = marks.filter(([name]) => name === 'codeagent:conversations-received').at(-1);
    assert.ok(open && painted && painted[1] > open[1], `the webview's marks: ${JSON.stringify(marks)}`);
    return { shown: Math.round(painted[1] - open[1]), received: received ? Math.round(received[1] - open[1]) : -1 };
  }, { timeoutMs: 30_000, message: 'the History marks' });
}
