// Reloading the workbench page (a new window: new extension host, new webviews) and getting the chat back.
import type { Frame } from 'playwright-core';
import type { BrowserSession } from './browserSession';
import { eventually } from './eventually';

/**
 * Reloads the page, shows the CodeAgent view and returns the new chat frame. After a reload the workbench restores
 * its side bar on its own, at a moment of its choosing, and a click on the activity-bar item racing that restore
 * toggles the side bar closed again (every reload did so, and waited 5 s for the view before trying again): so a view
 * shown before the reload is awaited, not clicked, and the clicks with short waits are what is left when it does not
 * come back.
 */
export async function reloadWindow(session: BrowserSession, timeoutMs = 60_000): Promise<Frame> {
  const restores = await session.codeAgentViewTitle().isVisible();
  const nudgeAt = Date.now() + 12_000;
  await session.page.reload({ waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await session.page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
  if (restores) await session.codeAgentViewTitle().waitFor({ timeout: 10_000 }).catch(() => undefined);
  return eventually(
    async () => {
      await session.openCodeAgentView(5_000);
      return session.chatFrame({ timeoutMs: 5_000, nudgeAt });
    },
    { timeoutMs, intervalMs: 500, message: 'the chat view after the reload' },
  );
}
