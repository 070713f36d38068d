import { sdkBaseUrl } from './anthropicEndpoint';

/** Who produced an echo of the Messages API: only a request to the same endpoint and model gets its thinking back (spec §3). */
export function messagesEchoProducer(baseUrl: string, model: string): string {
  return `messages ${sdkBaseUrl(baseUrl)} ${model}`;
}
