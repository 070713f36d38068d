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
