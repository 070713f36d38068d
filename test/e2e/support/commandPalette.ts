// Running a command by its title from VS Code's command palette.
import type { Page } from 'playwright-core';
import { eventually } from './eventually';

export async function runCommand(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // The row whose label is the title, not the first row: a command used recently in the window comes first when its
  // title merely starts with the same words (New Chat in Worktree before New Chat).
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name').filter({ hasText: exact }) }).first();
  // Tried again from the start when the palette does not take the title: focus may still be moving (an editor or a
  // webview opening) when F1 is pressed, and the palette then closes again under the typing.
  await eventually(async () => {
    if (!(await input.isVisible())) await page.keyboard.press('F1');
    try {
      await input.fill(`>${title}`, { timeout: 5_000 });
      await row.click({ timeout: 5_000 });
    } catch (error) {
      await page.keyboard.press('Escape');
      throw error;
    }
  }, { timeoutMs: 30_000, message: `running ${title} from the command palette` });
}

/** Opens a workspace file by Quick Open, in the active editor group, and waits for its tab. */
export async function openFile(page: Page, file: string): Promise<void> {
  const name = file.split('/').pop()!;
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  // Generous: Quick Open searches the workspace first, which a busy machine can make slow.
  await input.waitFor({ timeout: 30_000 });
  await input.fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ timeout: 30_000 });
}
