import { ModelError } from '../../core/ports/modelClient';
import type { UserText } from '../../core/ports/translator';
import { baseUrlProblem } from '../../core/settings';
import { toModelError } from './modelErrors';

export interface StreamGuard {
  /** A stream that sends nothing for this long is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs: number;
  /** Why the endpoint URL cannot work, if it cannot: a malformed URL would surface as a "connection" error and be retried for nothing. */
  urlProblem: UserText | undefined;
  /** The SDK's errors as ModelErrors; the openai SDK's by default. */
  toError?: (error: unknown) => ModelError;
}

/** StreamGuard.urlProblem for an endpoint: worded when the error is shown. */
export function urlProblemOf(baseUrl: string): UserText | undefined {
  return baseUrlProblem(baseUrl) === undefined ? undefined : (l10n) => baseUrlProblem(baseUrl, l10n)!;
}

/**
 * The SDK stream that `open` starts, event by event, with the user's cancel, the idle timeout and the SDK's
 * errors turned into ModelErrors: the plumbing every ModelClient over the SDK shares, whatever its API.
 */
export async function* guardedEvents<T>(signal: AbortSignal, guard: StreamGuard, open: (signal: AbortSignal) => Promise<AsyncIterable<T>>): AsyncGenerator<T> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forwardAbort, { once: true });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let idledOut = false;
  // Each event only notes its time (a fast stream sends thousands a second, and re-arming a timer per event cost
  // more than the event); the timer, when due, checks how long the stream has been quiet and waits out the rest.
  let lastEventAt = Date.now();
  const whenDue = () => {
    const quiet = Date.now() - lastEventAt;
    if (quiet < guard.idleTimeoutMs) idleTimer = setTimeout(whenDue, guard.idleTimeoutMs - quiet);
    else {
      idledOut = true;
      controller.abort();
    }
  };
  const armIdleTimer = () => {
    lastEventAt = Date.now();
    idleTimer ??= setTimeout(whenDue, guard.idleTimeoutMs);
  };
  try {
    if (signal.aborted) throw new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.'));
    if (guard.urlProblem) throw new ModelError('badRequest', guard.urlProblem);
    armIdleTimer();
    const stream = await open(controller.signal);
    for await (const event of stream) {
      armIdleTimer();
      yield event;
    }
    // The SDK ends an aborted stream quietly instead of throwing.
    if (controller.signal.aborted) throw new Error('stream aborted');
  } catch (error) {
    if (signal.aborted) throw new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.'));
    if (idledOut) throw new ModelError('timeout', (l10n) => l10n.t('The model sent nothing for {0} s.', Math.round(guard.idleTimeoutMs / 1000)));
    throw (guard.toError ?? toModelError)(error);
  } finally {
    clearTimeout(idleTimer);
    signal.removeEventListener('abort', forwardAbort);
  }
}
