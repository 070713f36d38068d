import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ModelError, type ModelErrorKind } from '../../core/ports/modelClient';
import { errorMessage } from '../../core/errorMessage';
import { causeOf, httpModelError } from '../openai/modelErrors';

/**
 * An `error` event of the stream (`{"type": "overloaded_error", "message": "Overloaded"}`), with the API's own words.
 * Before any content an overload or an API error is retried like a 5xx, a rate limit like a 429; once the reply
 * has begun, the turn stops and shows it (spec §3).
 */
export function apiErrorOf(error: Record<string, unknown>, afterContent: boolean): ModelError {
  const type = typeof error.type === 'string' ? error.type : 'error';
  const message = typeof error.message === 'string' && error.message ? error.message : type;
  const kind: ModelErrorKind = afterContent ? 'unknown'
    : type === 'overloaded_error' || type === 'api_error' ? 'server'
      : type === 'rate_limit_error' ? 'rateLimit'
        : type === 'authentication_error' || type === 'permission_error' ? 'auth' : 'badRequest';
  return new ModelError(kind, (l10n) => l10n.t('The model failed ({0}): {1}', type, message));
}

/** Any failure of the Anthropic SDK as the core's ModelError; an HTTP error says what the API itself said. */
export function toMessagesModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.'));
  if (error instanceof APIConnectionTimeoutError) return new ModelError('timeout', (l10n) => l10n.t('The model request timed out.'));
  if (error instanceof APIConnectionError && /invalid url/i.test(causeOf(error))) return new ModelError('badRequest', (l10n) => l10n.t('The endpoint URL is invalid: {0}. Check codeagent.model.baseUrl.', causeOf(error)));
  if (error instanceof APIConnectionError) return new ModelError('network', (l10n) => l10n.t('Cannot reach the model endpoint: {0}', causeOf(error)));
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = error.apiMessage ?? error.message;
    // The SDK throws an `error` event of the stream as an APIError without a status.
    if (!status) return apiErrorOf({ type: error.type ?? 'error', message: detail }, false);
    // 529: Anthropic is overloaded; retried like any 5xx.
    return httpModelError(status, detail, error.headers);
  }
  const message = errorMessage(error);
  return new ModelError('network', (l10n) => l10n.t('The connection to the model broke: {0}', message));
}

