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
      if ((await input.inputValue()) !== text) await input.fill(text);
      if (!(await send.isEnabled())) throw new Error('Send is disabled');
    },
    { timeoutMs, intervalMs: 200, message: `sending "${text}"` },
  );
  await send.click({ timeout: 5000 });
}
