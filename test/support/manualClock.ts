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

  /**
   * Moves the time `ms` on, stopping at each sleep that falls due on the way: it ends, and what it set going
   * (a sleep started again, say) runs before the time moves further, as it would on a real clock.
   */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (let next = this.nextDue(target); next; next = this.nextDue(target)) {
      this.time = next.at;
      this.sleeping.delete(next);
      next.wake();
      await settled();
    }
    this.time = target;
  }

  private nextDue(until: number): { at: number; wake: () => void } | undefined {
    return [...this.sleeping].filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
  }
}

/** After the promise chains that are ready have run. */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
