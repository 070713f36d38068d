import Anthropic from '@anthropic-ai/sdk';
import { hostOf } from '../openai/endpointHost';
import { sdkBaseUrl } from './anthropicEndpoint';

export interface AnthropicClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch?: typeof fetch;
}

/**
 * The official SDK as every Messages API request uses it: its retries off (the core owns them), the key as
 * `x-api-key`, and for the Anthropic-compatible endpoints also as a bearer token, which some of them read instead.
 */
export function anthropicClient(options: AnthropicClientOptions, timeoutMs = 10 * 60_000): Anthropic {
  const apiKey = options.apiKey || 'not-needed';
  const own = hostOf(options.baseUrl) === 'api.anthropic.com';
  return new Anthropic({
    baseURL: sdkBaseUrl(options.baseUrl),
    apiKey,
    maxRetries: 0,
    // Its warnings (a model's deprecation) would go to the extension host's console, where no one reads them.
    logLevel: 'error',
    timeout: timeoutMs,
    fetch: options.fetch,
    ...(own || !options.apiKey ? {} : { defaultHeaders: { 'x-api-key': apiKey, authorization: `Bearer ${apiKey}` } }),
  });
}
