// One Chromium per test process, with one on-disk profile, so the workbench's scripts come from the HTTP
// cache and V8's code cache after the first window: a fresh browser per test parsed and compiled VS Code's
// ~13 MB of scripts again and made code-server send them again (about 1.3 CPU-s and 1.4 s per window).
// What a test must not inherit (the workbench's IndexedDB state, local storage, the webviews' service
// worker, granted permissions) is cleared for the page's origin before every page; only the caches stay.
import * as path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { runRoot } from './runRoot';

/** Everything an origin keeps except the HTTP cache (and the code cache that lives beside it). */
const ORIGIN_STATE = 'cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage';

/** Every window's size, unless a test sets its own. */
export const WINDOW_SIZE = { width: 1400, height: 900 };

let context: Promise<BrowserContext> | undefined;

function sharedContext(): Promise<BrowserContext> {
  context ??= chromium.launchPersistentContext(path.join(runRoot(), 'chromium-profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: WINDOW_SIZE,
    // Chromium's crash-report settings and dconf cache go to the run dir, not ~/.config, ~/.cache.
    env: { ...process.env, XDG_CONFIG_HOME: path.join(runRoot(), 'chromium-config'), XDG_CACHE_HOME: path.join(runRoot(), 'chromium-cache') },
  });
  return context;
}

/** A new page in the shared browser, with nothing left of earlier pages on `url`'s origin but the caches. */
export async function freshPage(url: string): Promise<Page> {
  const shared = await sharedContext();
  await shared.clearPermissions();
  const page = await shared.newPage();
  try {
    const cdp = await shared.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: ORIGIN_STATE });
    await cdp.detach();
    return page;
  } catch (error) {
    await page.close().catch(() => undefined);
    throw error;
  }
}
