import type { Clock } from '../core/ports/clock';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
      const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
      const onAbort = () => { clearTimeout(timer); reject(signal?.reason ?? new Error('aborted')); };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
