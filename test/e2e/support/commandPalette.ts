// Running a command by its title from VS Code's command palette.
import type { Page } from 'playwright-core';

export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10_000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
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
