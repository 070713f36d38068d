import type { Clock } from '../../src/core/ports/clock';

/** A Clock whose sleeps return at once but are recorded, so backoff arithmetic is asserted without waiting. */
export function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now(),
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) throw signal.reason;
    },
  };
}

/**
 * A Clock on which time passes only when the test says so: each sleep is recorded and waits until
 * `release()` (or its signal's abort). A wait "up to N ms for X" then ends by X alone, however busy the machine.
 */
export function heldClock(): Clock & { sleeps: number[]; pending(): number; release(): void } {
  const sleeps: number[] = [];
  const waiting = new Set<() => void>();
  return {
    sleeps,
    now: () => Date.now(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        sleeps.push(ms);
        if (signal?.aborted) return reject(signal.reason);
        const end = () => {
          waiting.delete(end);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          waiting.delete(end);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.add(end);
      }),
    pending: () => waiting.size,
    release: () => {
      for (const end of [...waiting]) end();
    },
  };
}
