// VS Code's notifications (showWarningMessage & co.): find one by its text and click one of its buttons, as a
// user would: in its toast, or in the notification center once the toast has timed out.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually } from './eventually';

function items(page: Page, text: string | RegExp) {
  return page.locator('.notification-list-item').filter({ hasText: text });
}

/** The text of every notification VS Code shows (toasts and, when open, the center). */
export async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.notification-list-item-message').allTextContents();
}

/** Opens the notification center (the status bar's bell), unless it is open: clicking the bell again would close it. */
async function openNotificationCenter(page: Page): Promise<void> {
  if (await page.locator('.notifications-center').filter({ visible: true }).count()) return;
  await page.keyboard.press('Escape');
  await page.locator('.statusbar-item[id="status.notifications"] a, .statusbar-item[id="status.notifications"]').first().click();
}

/**
 * Waits until VS Code shows a notification with `text`, in its toast or, as a user would find it once the toast has
 * timed out (a warning's after 12 s of a focused window), in the notification center.
 */
export async function waitForNotification(page: Page, text: string | RegExp, timeoutMs = 20_000, message = `the notification "${String(text)}"`): Promise<void> {
  await eventually(async () => {
    if ((await items(page, text).filter({ visible: true }).count()) > 0) return;
    await openNotificationCenter(page);
    assert.ok((await items(page, text).filter({ visible: true }).count()) > 0, `no notification "${String(text)}"`);
  }, { timeoutMs, message });
}

/** `role`: `link` for a link in the message (spec §20's Show, in a notification the extension can take back). */
export async function clickNotificationButton(page: Page, text: string | RegExp, button: string, timeoutMs = 20_000, role: 'button' | 'link' = 'button'): Promise<void> {
  await eventually(async () => {
    let item = items(page, text).filter({ visible: true }).first();
    if ((await item.count()) === 0) {
      // The toast hid itself: the notification center keeps it.
      await openNotificationCenter(page);
      item = items(page, text).filter({ visible: true }).first();
    }
    await item.getByRole(role, { name: button }).click({ timeout: 3000 });
  }, { timeoutMs, message: `the notification "${String(text)}" and its ${button} button` });
}
