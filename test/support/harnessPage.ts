import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { borrowChromium, returnChromium } from './sharedTestChromium';

export interface HarnessPage {
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * For a mocha suite: the process's Chromium (sharedTestChromium), and a blank page with `test/support/<harness>.ts` (the real webview code it
 * imports) bundled into it after `prelude`; opened before the suite's tests, closed after them.
 */
export function useHarnessPage(harness: 'markdownDomHarness' | 'transcriptDomHarness' | 'promptRecallHarness' | 'completionPopupHarness' | 'endAnchorHarness' | 'imageAttachmentsHarness' | 'modelPickerHarness', prelude = ''): HarnessPage {
  let browser: Browser | undefined;
  let page: Page | undefined;
  before(async () => {
    const bundle = await esbuild.build({
      entryPoints: [path.resolve(__dirname, `${harness}.ts`)],
      bundle: true, write: false, format: 'iife', platform: 'browser', target: 'chrome120', logLevel: 'silent',
    });
    browser = await borrowChromium();
    page = await browser.newPage();
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    await page.addScriptTag({ content: `${prelude}\n${bundle.outputFiles[0]!.text}` });
  });
  after(async () => {
    await page?.close();
    if (browser) returnChromium();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium starts in the suite\'s before hook');
      return browser;
    },
    get page() {
      if (!page) throw new Error('the harness page opens in the suite\'s before hook');
      return page;
    },
  };
}
