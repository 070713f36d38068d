import { formatElapsed } from './format';

/**
 * A running call's duration, counted up once a second from when the panel saw it start: a long command or
 * sub-agent shows that it is still alive. The panel's own clock, because the host's may be another machine's.
 * One timer for every running card, and none while nothing runs.
 */
const ticking = new Set<HTMLElement>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Starts (or keeps) counting in `element`; nothing shows in the first second. */
export function tickWhileRunning(element: HTMLElement): void {
  element.dataset.runningSince ??= String(Date.now());
  ticking.add(element);
  timer ??= setInterval(tick, 1000);
  show(element, Date.now());
}

/** Stops counting: `finalText` (the measured duration, or nothing) replaces the count. */
export function stopTicking(element: HTMLElement, finalText: string): void {
  ticking.delete(element);
  delete element.dataset.runningSince;
  if (element.textContent !== finalText) element.textContent = finalText;
  if (ticking.size === 0) stopTimer();
}

function tick(): void {
  const now = Date.now();
  for (const element of ticking) {
    // A card re-rendered or a transcript replaced: its old element is gone from the page.
    if (element.isConnected) show(element, now);
    else ticking.delete(element);
  }
  if (ticking.size === 0) stopTimer();
}

function show(element: HTMLElement, now: number): void {
  const elapsed = now - Number(element.dataset.runningSince);
  const text = elapsed >= 1000 ? formatElapsed(elapsed) : '';
  if (element.textContent !== text) element.textContent = text;
}

function stopTimer(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
}
