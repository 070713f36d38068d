import { ModelError } from '../ports/modelClient';
import { errorMessage } from '../errorMessage';

const baseDelayMs = 1000;
const maxDelayMs = 30_000;

/** Exponential backoff (1 s, 2 s, 4 s… capped), but a server's Retry-After always wins. */
export function retryDelayMs(error: ModelError, attempt: number): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 120_000);
  return Math.min(baseDelayMs * 2 ** (attempt - 1), maxDelayMs);
}

export function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  const message = errorMessage(error);
  return new ModelError('unknown', message);
}
