import { hostOf } from '../openai/endpointHost';

/**
 * The SDK's base URL for an endpoint: it adds `/v1/messages` itself, so a base URL written with `/v1` (as the
 * OpenAI-compatible ones are) loses it; `https://api.deepseek.com/anthropic/v1` and `…/anthropic` are the same endpoint.
 */
export function sdkBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/i, '');
}

/** Spec §3 `auto`: Anthropic's own endpoint, and the Anthropic-compatible ones whose path ends in `/anthropic`. */
export function speaksMessages(baseUrl: string): boolean {
  if (hostOf(baseUrl) === 'api.anthropic.com') return true;
  try {
    return /\/anthropic$/i.test(new URL(sdkBaseUrl(baseUrl)).pathname);
  } catch {
    return false;
  }
}
