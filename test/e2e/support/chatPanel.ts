// Actions on the chat webview (spec §10 names: textarea "Message CodeAgent", button "Send").
import type { Frame } from 'playwright-core';
import { CHAT_INPUT } from './browserSession';
import { eventually } from './eventually';

/**
 * Types `text` into the chat input and presses Send. The webview may still be starting (its
 * script restores a draft and enables Send once the extension's state arrives), so fill again
 * until Send is enabled with the text in place.
 */
export async function sendChatMessage(chat: Frame, text: string, timeoutMs = 20_000): Promise<void> {
  const input = chat.locator(CHAT_INPUT);
  const send = chat.getByRole('button', { name: 'Send' });
  await eventually(
    async () => {
      if ((await input.inputValue()) !== text) {
        // Focus the webview's input first: a fill while an editor has the keyboard types into the editor.
        await input.click();
        await input.fill(text);
      }
      if (!(await send.isEnabled())) throw new Error('Send is disabled');
    },
    { timeoutMs, intervalMs: 200, message: `sending "${text}"` },
  );
  try {
    await send.click({ timeout: 30_000 });
  } catch (error) {
    // A click that Playwright found covered: say what was on top, for a flake not understood yet (test/e2e/README.md).
    const layout = await chat.evaluate(SEND_LAYOUT).catch((failure: unknown) => `unknown (${String(failure)})`);
    if (error instanceof Error) error.message = `${error.message.split('\n')[0]} [the panel then: ${String(layout)}]\n${error.message}`;
    throw error;
  }
}

// Plain source text for evaluate(): what sits at the Send button's centre, and the panel's geometry.
const SEND_LAYOUT = `(() => {
  const rect = (id) => { const r = document.getElementById(id)?.getBoundingClientRect(); return r ? [Math.round(r.top), Math.round(r.height)] : null; };
  const send = document.getElementById('send').getBoundingClientRect();
  const hit = document.elementFromPoint(send.left + send.width / 2, send.top + send.height / 2);
  return JSON.stringify({ hit: hit ? (hit.id || hit.tagName) : null, send: rect('send'), transcript: rect('transcript'), composer: rect('composer'),
    viewport: [innerWidth, innerHeight], scrollY, scrollHeight: document.documentElement.scrollHeight,
    inputLength: document.getElementById('input').value.length, sendDisabled: document.getElementById('send').disabled, visibility: document.visibilityState });
})()`;

/** The transcript (spec §10: `role="log"`). */
export const TRANSCRIPT = '[role="log"]';

/** The transcript's entries of one `data-kind` (user, assistant, tool-call, approval, …). */
export function transcriptEntries(chat: Frame, kind: string) {
  return chat.locator(`${TRANSCRIPT} [data-kind="${kind}"]`);
}

/** The panel's Stop button, shown only while a turn runs. */
export function stopButton(chat: Frame) {
  return chat.getByRole('button', { name: 'Stop', exact: true });
}

/** True while a turn runs. */
export async function isTurnRunning(chat: Frame): Promise<boolean> {
  return stopButton(chat).isVisible();
}

/** Waits until no turn is running (Stop hidden again). */
export async function waitForIdle(chat: Frame, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () => {
      if (await isTurnRunning(chat)) throw new Error('a turn is still running (Stop is visible)');
    },
    { timeoutMs, intervalMs: 100, message: 'waiting for the turn to end' },
  );
}

/**
 * Sends `text` and waits for the whole turn: its user entry appears (the host marks the panel busy
 * before that), then Stop disappears again (the host has saved the conversation by then).
 */
export async function sendAndWaitForTurn(chat: Frame, text: string, timeoutMs = 20_000): Promise<void> {
  const users = transcriptEntries(chat, 'user');
  const before = await users.count();
  await sendChatMessage(chat, text, timeoutMs);
  await eventually(
    async () => {
      const count = await users.count();
      if (count <= before) throw new Error(`still ${count} user entries`);
    },
    { timeoutMs, intervalMs: 50, message: `the user entry of "${text}"` },
  );
  await waitForIdle(chat, timeoutMs);
}

/** Kind and text of every transcript entry, in order (for comparing a transcript before and after a reload). */
export async function transcriptSnapshot(chat: Frame): Promise<Array<{ kind: string; text: string }>> {
  const raw = (await chat.evaluate(`[...document.querySelectorAll('${TRANSCRIPT} > [data-kind]')].map((e) => ({ kind: e.dataset.kind, text: (e.textContent || '').trim() }))`)) as Array<{
    kind: string;
    text: string;
  }>;
  return raw;
}
