// One headless Chromium per test process for the suites that need a page (harnessPage.ts and the pseudo-locale
// panel): a launch costs about 0.9 CPU-s, and the unit suite's 14 such files ran one each. Each suite borrows it in its
// before hook and gives it back in its after hook; the last one back closes it once no suite has borrowed it again for
// a moment (a mocha worker hands over its next file within milliseconds; a single-file run ends its process then).
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';

const IDLE_CLOSE_MS = 1_000;
let browser: Promise<Browser> | undefined;
let borrowers = 0;
let closing: ReturnType<typeof setTimeout> | undefined;

export function borrowChromium(): Promise<Browser> {
  borrowers++;
  clearTimeout(closing);
  closing = undefined;
  browser ??= launchChromium();
  return browser;
}

export function returnChromium(): void {
  borrowers = Math.max(0, borrowers - 1);
  if (borrowers > 0 || !browser) return;
  const open = browser;
  closing = setTimeout(() => {
    if (borrowers > 0 || browser !== open) return;
    browser = undefined;
    void open.then((b) => b.close()).catch(() => undefined);
  }, IDLE_CLOSE_MS);
}
