// VS Code's notifications (showWarningMessage & co.): find one by its text and click one of its buttons, as a
// user would: in its toast, or in the notification center once the toast has timed out.
import type { Page } from 'playwright-core';
import { eventually } from './eventually';

function items(page: Page, text: string | RegExp) {
  return page.locator('.notification-list-item').filter({ hasText: text });
}

/** The text of every notification VS Code shows (toasts and, when open, the center). */
export async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.notification-list-item-message').allTextContents();
}

/** `role`: `link` for a link in the message (spec §20's Show, in a notification the extension can take back). */
export async function clickNotificationButton(page: Page, text: string | RegExp, button: string, timeoutMs = 20_000, role: 'button' | 'link' = 'button'): Promise<void> {
  await eventually(async () => {
    let item = items(page, text).filter({ visible: true }).first();
    if ((await item.count()) === 0) {
      // The toast hid itself: the notification center keeps it.
      await page.keyboard.press('Escape');
      await page.locator('.statusbar-item[id="status.notifications"] a, .statusbar-item[id="status.notifications"]').first().click();
      item = items(page, text).filter({ visible: true }).first();
    }
    await item.getByRole(role, { name: button }).click({ timeout: 3000 });
  }, { timeoutMs, message: `the notification "${String(text)}" and its ${button} button` });
}
