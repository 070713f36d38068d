import type { Clock } from '../ports/clock';
import { ModelError } from '../ports/modelClient';

export type SummaryAttempt =
  | { status: 'done'; text: string }
  | { status: 'timedOut' }
  | { status: 'failed'; error: unknown };

const timedOut = Symbol('timedOut');

/**
 * Runs `produce` against a deadline on the clock. A timeout or failure is an outcome, not an exception;
 * only the caller's own cancel rejects, with the signal's reason. The producer's signal aborts when the attempt is given up.
 */
export async function raceSummaryDeadline(
  produce: (signal: AbortSignal) => Promise<string>,
  options: { timeoutMs: number; clock: Clock; signal?: AbortSignal },
): Promise<SummaryAttempt> {
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;
  const attempt = new AbortController();
  // Stops the deadline's sleep once the race is decided, so a real timer does not outlive it.
  const deadline = new AbortController();
  let onCancel: (() => void) | undefined;
  const cancelled = new Promise<never>((_, reject) => {
    onCancel = () => {
      attempt.abort(signal?.reason);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onCancel, { once: true });
  });
  try {
    const winner = await Promise.race([
      produce(attempt.signal),
      options.clock.sleep(options.timeoutMs, deadline.signal).then((): typeof timedOut => timedOut, () => new Promise<never>(() => {})),
      cancelled,
    ]);
    if (winner === timedOut) {
      attempt.abort(new ModelError('timeout', (l10n) => l10n.t('Summary generation took longer than {0} s.', Math.round(options.timeoutMs / 1000))));
      return { status: 'timedOut' };
    }
    return { status: 'done', text: winner };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return { status: 'failed', error };
  } finally {
    deadline.abort();
    if (onCancel) signal?.removeEventListener('abort', onCancel);
  }
}
