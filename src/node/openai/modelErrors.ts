import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelError } from '../../core/ports/modelClient';
import { errorMessage } from '../../core/errorMessage';

/** Any failure of the SDK as the core's ModelError, whichever API (chat completions, responses) it came from. */
export function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return new ModelError('cancelled', 'Cancelled by the user.');
  if (error instanceof APIConnectionTimeoutError) return new ModelError('timeout', 'The model request timed out.');
  if (error instanceof APIConnectionError && /invalid url/i.test(causeOf(error))) return new ModelError('badRequest', `The endpoint URL is invalid: ${causeOf(error)}. Check codeagent.model.baseUrl.`);
  if (error instanceof APIConnectionError) return new ModelError('network', `Cannot reach the model endpoint: ${causeOf(error)}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = error.message;
    if (status === 429) return new ModelError('rateLimit', `Rate limited (429): ${detail}`, status, retryAfterMs(error.headers));
    if (status >= 500) return new ModelError('server', `The model endpoint failed (${status}): ${detail}`, status, retryAfterMs(error.headers));
    if (status === 401 || status === 403) return new ModelError('auth', `The endpoint refused the API key (${status}). Run "CodeAgent: Set API Key". ${detail}`, status);
    if (status === 408) return new ModelError('timeout', `The endpoint timed out (408): ${detail}`, status);
    if (status === 0) return new ModelError('network', `The connection to the model broke: ${detail}`);
    return new ModelError('badRequest', `The endpoint rejected the request (${status}): ${detail}`, status);
  }
  const message = errorMessage(error);
  // The SDK surfaces a dropped SSE connection as a plain Error from the body reader.
  return new ModelError('network', `The connection to the model broke: ${message}`);
}

function causeOf(error: Error): string {
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
