import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { HostMessage, WebviewMessage } from '../../src/protocol/messages';
import { webviewBody } from '../../src/vscode/webviewBody';
import { webviewCsp } from '../../src/vscode/webviewCsp';
import { requestsQuiet, trackRequests } from './requestsInFlight';

/** The origin the test panel is served from; every request to any other host is a remote load. */
export const PANEL_ORIGIN = 'http://panel.test';
const NONCE = 'testnonce0123456789';

export interface GuardedPage {
  readonly page: Page;
  /** URLs of requests that left for a host other than the panel's own, in order. */
  readonly remoteRequests: string[];
  /** What the webview posted to the (stubbed) host. */
  posted(): Promise<WebviewMessage[]>;
  post(message: HostMessage): Promise<void>;
  /** Posts the messages in one round trip, each its own message event, as a burst from the host arrives. */
  postEach(messages: HostMessage[]): Promise<void>;
}

export interface PanelBundle {
  readonly js: string;
  readonly css: string;
}

/** The real webview bundle (webview-ui/main.ts), built in memory the way scripts/build.mjs builds it. */
export async function buildPanelBundle(): Promise<PanelBundle> {
  const root = path.resolve(__dirname, '../..');
  const result = await esbuild.build({
    absWorkingDir: root, entryPoints: { webview: 'webview-ui/main.ts' }, outdir: 'out', bundle: true, write: false, format: 'iife', platform: 'browser',
    target: 'chrome120', logLevel: 'silent', loader: { '.md': 'text', '.css': 'css', '.ttf': 'file' },
  });
  const file = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: file('.js'), css: file('.css') };
}

/**
 * The panel as VS Code serves it: webviewHtml's markup and CSP (with `csp: false`, no CSP at all, to test
 * the sanitizer alone), `acquireVsCodeApi` stubbed to record posts, and a request interceptor that answers
 * the panel's own files and refuses (and records) everything else.
 */
export async function openGuardedPage(browser: Browser, bundle: PanelBundle, options: { csp: boolean; body?: string }): Promise<GuardedPage> {
  const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
  const remoteRequests: string[] = [];
  const cspMeta = options.csp ? `<meta http-equiv="Content-Security-Policy" content="${webviewCsp(PANEL_ORIGIN, NONCE)}">` : '';
  const stub = 'window.__name = (f) => f; window.posted = []; window.acquireVsCodeApi = () => ({ postMessage(m) { window.posted.push(m); }, getState() { return undefined; }, setState() {} });';
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">${cspMeta}<link rel="stylesheet" href="${PANEL_ORIGIN}/webview.css"><title>CodeAgent</title></head>
<body>
${options.body ?? `${webviewBody()}<script nonce="${NONCE}">${stub}</script><script nonce="${NONCE}" src="${PANEL_ORIGIN}/webview.js"></script>`}
</body></html>`;
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== PANEL_ORIGIN) {
      remoteRequests.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (url.pathname === '/webview.js') return route.fulfill({ contentType: 'text/javascript', body: bundle.js });
    if (url.pathname === '/webview.css') return route.fulfill({ contentType: 'text/css', body: bundle.css });
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: html });
    return route.fulfill({ status: 404, body: '' });
  });
  trackRequests(page);
  await page.goto(`${PANEL_ORIGIN}/`);
  return {
    page,
    remoteRequests,
    posted: () => page.evaluate(() => (window as unknown as { posted?: WebviewMessage[] }).posted ?? []),
    post: (message) => page.evaluate((m) => window.postMessage(m, '*'), message),
    postEach: (messages) => page.evaluate((list) => {
      for (const m of list) window.postMessage(m, '*');
    }, messages),
  };
}

/**
 * Lets the page settle, by events rather than a pause: two frames (a posted message is rendered), every image
 * of the page loaded or failed (so any request it made went through the route), then no request in flight and
 * none starting over ten more frames, for what else the page may load (styles, fonts, media). The deadlines are for
 * a real hang only.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 50_000 });
  await requestsQuiet(page);
}
