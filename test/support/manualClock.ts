import type { Clock } from '../../src/core/ports/clock';

/**
 * A Clock that stands still until the test moves it: `advance(ms)` ends, in order, the sleeps that fall
 * due by then. A silence of seconds is then exact and instant, however busy the machine.
 */
export class ManualClock implements Clock {
  private time = 0;
  private readonly sleeping = new Set<{ at: number; wake: () => void }>();

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const entry = {
        at: this.time + ms,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleeping.delete(entry);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleeping.add(entry);
    });
  }

  /** The sleeps not yet ended. */
  pending(): number {
    return this.sleeping.size;
  }

  advance(ms: number): void {
    this.time += ms;
    const due = [...this.sleeping].filter((entry) => entry.at <= this.time).sort((a, b) => a.at - b.at);
    for (const entry of due) {
      this.sleeping.delete(entry);
      entry.wake();
    }
  }
}
