// Debian's Chromium driven by playwright-core, showing one code-server workbench.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { fileSafe, testResultsDir } from './paths';
import { freshPage } from './sharedChromium';

export const CHAT_INPUT = 'textarea[aria-label="Message CodeAgent"]';

/** Sessions not closed yet, so a failed test's hook can photograph them. */
export const openSessions = new Set<BrowserSession>();

export class BrowserSession {
  /** Page console messages and errors, for failure reports. */
  readonly consoleLines: string[] = [];

  private constructor(readonly page: Page) {
    page.on('console', (message) => this.consoleLines.push(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => this.consoleLines.push(`[pageerror] ${error.stack ?? error.message}`));
  }

  /** Opens `url` (a code-server workbench URL) and waits for the workbench. */
  static async open(url: string, options: { timeoutMs?: number } = {}): Promise<BrowserSession> {
    const page = await freshPage(url);
    const session = new BrowserSession(page);
    try {
      openSessions.add(session);
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: options.timeoutMs ?? 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: options.timeoutMs ?? 60_000 });
      return session;
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  /** The activity-bar entry of the CodeAgent view container (aria-label "CodeAgent…"). */
  activityBarItem() {
    return this.page.locator('.part.activitybar .action-item:has(> .action-label[aria-label^="CodeAgent"])').first();
  }

  /** Shows the CodeAgent side bar (without toggling it closed when it is already shown). */
  async openCodeAgentView(timeoutMs = 30_000): Promise<void> {
    const item = this.activityBarItem();
    await item.waitFor({ timeout: timeoutMs });
    const selected = async () => (await item.getAttribute('class'))?.split(/\s+/).includes('checked') ?? false;
    // The item, not its icon: a badge (spec §20's count of what waits) sits over the icon and takes the click.
    if (!(await selected())) await item.click();
    await this.codeAgentViewTitle().waitFor({ timeout: timeoutMs });
  }

  /** The side bar's title while it shows the CodeAgent view. */
  codeAgentViewTitle() {
    return this.page.locator('.part.sidebar .pane-header[aria-label^="Chat"], .part.sidebar .composite.title:has-text("CodeAgent")').first();
  }

  /**
   * The frame holding the chat webview's content: webviews are two iframes deep (the host
   * iframe, then its active frame), so search every frame for the chat input (or `selector`), polling.
   */
  async chatFrame(options: { selector?: string; timeoutMs?: number; except?: readonly Frame[]; nudgeAt?: number } = {}): Promise<Frame> {
    const selector = options.selector ?? CHAT_INPUT;
    const timeoutMs = options.timeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    // code-server sometimes leaves a webview blank (its service worker misses the first load): once, hide
    // the view and show it again, which makes VS Code resolve the webview anew. The host keeps the state.
    // `except`: another chat (an editor tab's) is wanted; the side panel's view is not the one to nudge.
    // `nudgeAt` (a time) for a caller that asks again in short calls: with a 5 s call the nudge came after 2.5 s,
    // before a reloaded webview (about 1.7 s after its view shows on a quiet machine) had surely loaded, and
    // resolving it again then only starts its load over.
    let nudgeAt = options.selector === undefined && !options.except ? options.nudgeAt ?? Date.now() + Math.min(12_000, timeoutMs / 2) : Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      if (Date.now() > nudgeAt) {
        nudgeAt = Number.POSITIVE_INFINITY;
        this.consoleLines.push('[e2e] the chat webview stayed blank: hiding and showing the view once');
        await this.page.locator('.part.activitybar .action-label[aria-label^="Explorer"]').first().click().catch(() => undefined);
        await this.openCodeAgentView().catch(() => undefined);
      }
      const found = await this.framesWith(selector, options.except);
      // The page can hold a chat webview that is not on screen, with an earlier state and an input of its own: a test
      // typing there waits for a message that never shows. The first one shown counts, as the first found did before.
      const shown = [];
      for (const frame of found) if (await isShown(frame)) shown.push(frame);
      if (found.length > 1 && shown.length > 0) console.log(`      (${found.length} frames hold ${selector}, ${shown.length} of them shown: the test gets a shown one)`);
      if (shown.length > 0) return shown[0]!;
      if (found.length > 0 && Date.now() > deadline - 1_000) return found[0]!;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`no frame with ${selector} within ${timeoutMs} ms (frames: ${this.page.frames().map((f) => f.url()).join(', ')})`);
  }

  /** The frames other than the page's own (and `except`) that hold `selector`, in the page's order. */
  async framesWith(selector: string, except?: readonly Frame[]): Promise<Frame[]> {
    const found: Frame[] = [];
    for (const frame of this.page.frames()) {
      if (frame === this.page.mainFrame() || frame.isDetached() || except?.includes(frame)) continue;
      try {
        if ((await frame.locator(selector).count()) > 0) found.push(frame);
      } catch {
        // frame navigated or detached while we asked
      }
    }
    return found;
  }

  /** Saves a full-page screenshot to test-results/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(testResultsDir, { recursive: true });
    const file = path.join(testResultsDir, `${fileSafe(name)}.png`);
    await this.page.screenshot({ path: file, timeout: 10_000 });
    return file;
  }

  async close(): Promise<void> {
    openSessions.delete(this);
    await this.page.close().catch(() => undefined);
  }
}

/** Whether every iframe between the page and `frame` is visible (not hidden, not of zero size). */
export async function isShown(frame: Frame): Promise<boolean> {
  try {
    for (let current: Frame | null = frame; current?.parentFrame(); current = current.parentFrame()) {
      const element = await current.frameElement();
      const visible = await element.isVisible();
      await element.dispose();
      if (!visible) return false;
    }
    return true;
  } catch {
    return false;
  }
}
