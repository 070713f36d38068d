import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's `chromium-headless-shell`: Chromium's headless build, the one Playwright itself runs headless. The full
 * browser's headless mode also draws its window (tab strip, toolbar) around the page and composites it into every
 * frame: in the e2e suite the shell spent about 12 % less Chromium CPU per test (docs/benchmarks.md). CHROMIUM_PATH
 * picks another Chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Chromium's flags for tests and benchmarks: no GPU, no sandbox, no network chatter of its own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Headless Chromium as the webview tests and benchmarks use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
