import { chromium, type Browser } from 'playwright-core';

/** Headless Chromium as the webview tests and benchmarks use it (no GPU, no network chatter). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
