import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelError } from '../../core/ports/modelClient';
import { errorMessage } from '../../core/errorMessage';

/** Any failure of the SDK as the core's ModelError, whichever API (chat completions, responses) it came from. */
export function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.'));
  if (error instanceof APIConnectionTimeoutError) return new ModelError('timeout', (l10n) => l10n.t('The model request timed out.'));
  if (error instanceof APIConnectionError && /invalid url/i.test(causeOf(error))) return new ModelError('badRequest', (l10n) => l10n.t('The endpoint URL is invalid: {0}. Check codeagent.model.baseUrl.', causeOf(error)));
  if (error instanceof APIConnectionError) return new ModelError('network', (l10n) => l10n.t('Cannot reach the model endpoint: {0}', causeOf(error)));
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = error.message;
    return httpModelError(status, detail, error.headers);
  }
  const message = errorMessage(error);
  // The SDK surfaces a dropped SSE connection as a plain Error from the body reader.
  return new ModelError('network', (l10n) => l10n.t('The connection to the model broke: {0}', message));
}

/** An HTTP failure with the endpoint's words (any SDK's): 429 and 5xx (Anthropic's 529 too) are retried, after Retry-After. */
export function httpModelError(status: number, detail: string, headers: Headers | undefined): ModelError {
  if (status === 429) return new ModelError('rateLimit', (l10n) => l10n.t('Rate limited (429): {0}', detail), status, retryAfterMs(headers));
  if (status >= 500) return new ModelError('server', (l10n) => l10n.t('The model endpoint failed ({0}): {1}', status, detail), status, retryAfterMs(headers));
  if (status === 401 || status === 403) return new ModelError('auth', (l10n) => l10n.t('The endpoint refused the API key ({0}). Run "CodeAgent: Set API Key". {1}', status, detail), status);
  if (status === 408) return new ModelError('timeout', (l10n) => l10n.t('The endpoint timed out (408): {0}', detail), status);
  if (status === 0) return new ModelError('network', (l10n) => l10n.t('The connection to the model broke: {0}', detail));
  return new ModelError('badRequest', (l10n) => l10n.t('The endpoint rejected the request ({0}): {1}', status, detail), status);
}

/** The reason under an SDK's connection error (its own message is only "Connection error."). */
export function causeOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && !Number.isNaN(Number(ms))) return Number(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
