import type { ModelChunk, ModelClient, ModelRequest } from '../core/ports/modelClient';
import type { Settings } from '../core/settings';
import { AnthropicMessagesClient } from './anthropic/messagesClient';
import { speaksMessages } from './anthropic/anthropicEndpoint';
import { hostOf } from './openai/endpointHost';
import { OpenAiResponsesClient } from './openaiResponsesClient';
import { OpenAiModelClient } from './openaiModelClient';

export type ModelApi = Settings['model']['api'];
/** The APIs an endpoint speaks; `vscode` is no endpoint's (src/vscode/lm routes it before this client). */
export type WireApi = Exclude<ModelApi, 'auto' | 'vscode'>;

export interface ModelClientOptions {
  baseUrl: string;
  /** The key for an API: SecretStorage, then CODEAGENT_API_KEY, then the API maker's own variable (ApiKeyStore). */
  apiKey: string | undefined | ((api: WireApi) => string | undefined);
  /** Spec §3 `model.api`. */
  api: ModelApi;
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Which API a request speaks: `auto` is Anthropic's Messages API on api.anthropic.com and on base URLs whose path
 * ends in `/anthropic`, the Responses API on OpenAI's own endpoint and for the models that exist only there
 * (`*-codex`), Chat Completions elsewhere (most OpenAI-compatible servers have no /responses).
 */
export function apiFor(api: ModelApi, baseUrl: string, model: string): WireApi {
  if (api !== 'auto' && api !== 'vscode') return api;
  if (speaksMessages(baseUrl)) return 'messages';
  return hostOf(baseUrl) === 'api.openai.com' || /-codex\b/i.test(model) ? 'responses' : 'chat';
}

/** The model port for a session: each request goes to the client of its API, decided per request (the model may change). */
export function createModelClient(options: ModelClientOptions): ModelClient {
  const keyFor = (api: WireApi) => (typeof options.apiKey === 'function' ? options.apiKey(api) : options.apiKey);
  const make: Record<WireApi, () => ModelClient> = {
    chat: () => new OpenAiModelClient({ ...options, apiKey: keyFor('chat') }),
    responses: () => new OpenAiResponsesClient({ ...options, apiKey: keyFor('responses') }),
    messages: () => new AnthropicMessagesClient({ ...options, apiKey: keyFor('messages') }),
  };
  // Made when first used: a session usually speaks one API.
  const clients: Partial<Record<WireApi, ModelClient>> = {};
  return {
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
      const api = apiFor(options.api, options.baseUrl, request.model);
      return (clients[api] ??= make[api]()).stream(request, signal);
    },
  };
}
