import OpenAI from 'openai';
import { withEventPieces } from './eventPieces';

export interface SdkClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch?: typeof fetch;
}

/** The SDK as every ModelClient uses it: its own retries are off because the core owns retry policy. */
export function sdkClient(options: SdkClientOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    // The SDK insists on a key; local endpoints ignore it.
    apiKey: options.apiKey || 'not-needed',
    maxRetries: 0,
    timeout: 10 * 60_000,
    fetch: withEventPieces(options.fetch ?? ((input, init) => fetch(input, init))),
    dangerouslyAllowBrowser: false,
  });
}
