import { chromium, type Browser } from 'playwright-core';

/** Chromium's flags for tests and benchmarks: no GPU, no sandbox, no network chatter of its own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Headless Chromium as the webview tests and benchmarks use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
