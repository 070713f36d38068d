import type { Page } from 'playwright-core';

/**
 * Drags the side bar's sash so the chat is `width` px wide, then moves the mouse off it (best effort: only
 * for readable screenshots).
 */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
  await page.mouse.move(box.x + width + 200, y);
}

/** An action of the CodeAgent view's title bar (New Chat, History), as VS Code draws it: a button named by its title. */
export function viewTitleAction(page: Page, name: string) {
  return page.locator('.part.sidebar .composite.title, .part.sidebar .pane-header').getByRole('button', { name, exact: true }).first();
}
