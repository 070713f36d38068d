import type { Page, Request } from 'playwright-core';

/**
 * The requests a page has started and not yet finished or failed, counted from its events. Playwright's own
 * `networkidle` (no request for 500 ms) timed out after 50 s in a clean-clone run on a loaded machine, while the
 * page's last request had ended within a second; its maintainers call it unfit for tests.
 */
class RequestsInFlight {
  private readonly open = new Set<Request>();
  /** Requests started so far: a wait compares it before and after to see whether any began meanwhile. */
  started = 0;
  private waiters: Array<() => void> = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      this.open.add(request);
      this.started++;
    });
    const ended = (request: Request) => {
      this.open.delete(request);
      if (this.open.size > 0) return;
      for (const resolve of this.waiters.splice(0)) resolve();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }

  /** Resolves once no request is in flight. */
  none(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

const trackers = new WeakMap<Page, RequestsInFlight>();

/** Starts counting the page's requests (before it navigates, to see them all); the same tracker after. */
export function trackRequests(page: Page): RequestsInFlight {
  let tracker = trackers.get(page);
  if (!tracker) trackers.set(page, (tracker = new RequestsInFlight(page)));
  return tracker;
}

/**
 * Until no request is in flight and none starts over `frames` animation frames: what rendering the page asks for
 * (images, styles, fonts, media) starts within the frames that lay it out and paint it. Frames, not a fixed time,
 * so a slow machine waits as long as it renders. Rejects after `timeoutMs`, for a real hang only.
 */
export async function requestsQuiet(page: Page, frames = 10, timeoutMs = 50_000): Promise<void> {
  const tracker = trackRequests(page);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page still had requests in flight or starting after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    for (;;) {
      await Promise.race([tracker.none(), hang]);
      const before = tracker.started;
      // Source text, not a function: tsx would add its __name helper, which a page of raw HTML lacks.
      await Promise.race([page.evaluate(`new Promise((resolve) => {
        const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(${frames});
      })`), hang]);
      if (tracker.started === before) return;
    }
  } finally {
    clearTimeout(timer);
  }
}
