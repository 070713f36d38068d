// Reloading the workbench page (a new window: new extension host, new webviews) and getting the chat back.
import type { Frame } from 'playwright-core';
import type { BrowserSession } from './browserSession';
import { eventually } from './eventually';

/**
 * Reloads the page, shows the CodeAgent view and returns the new chat frame. After a reload the
 * workbench restores its side bar on its own, at a moment of its choosing: a click on the activity-bar
 * item racing that restore can toggle the side bar closed again, so keep trying with short waits.
 */
export async function reloadWindow(session: BrowserSession, timeoutMs = 60_000): Promise<Frame> {
  await session.page.reload({ waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await session.page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
  return eventually(
    async () => {
      await session.openCodeAgentView(5_000);
      return session.chatFrame({ timeoutMs: 5_000 });
    },
    { timeoutMs, intervalMs: 500, message: 'the chat view after the reload' },
  );
}
