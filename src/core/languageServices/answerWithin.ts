import type { Clock } from '../ports/clock';

export type Bounded<T> = { answered: true; value: T } | { answered: false };

/** `answer` when it settles within `ms` of `clock`, else `{ answered: false }` (the answer itself goes on). */
export async function answerWithin<T>(answer: PromiseLike<T>, clock: Clock, ms: number): Promise<Bounded<T>> {
  const stop = new AbortController();
  const timeUp = clock.sleep(ms, stop.signal).then(
    (): Bounded<T> => ({ answered: false }),
    (): Bounded<T> => ({ answered: false }),
  );
  try {
    return await Promise.race([Promise.resolve(answer).then((value): Bounded<T> => ({ answered: true, value })), timeUp]);
  } finally {
    stop.abort();
  }
}
