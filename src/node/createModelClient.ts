import type { ModelChunk, ModelClient, ModelRequest } from '../core/ports/modelClient';
import { hostOf } from './openai/endpointHost';
import { OpenAiResponsesClient } from './openaiResponsesClient';
import { OpenAiModelClient } from './openaiModelClient';

export type ModelApi = 'auto' | 'chat' | 'responses';

export interface ModelClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** Spec §3 `model.api`. */
  api: ModelApi;
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Which API a request speaks: `auto` is the Responses API on OpenAI's own endpoint and for the models that exist
 * only there (`*-codex`), Chat Completions elsewhere (most OpenAI-compatible servers have no /responses).
 */
export function apiFor(api: ModelApi, baseUrl: string, model: string): 'chat' | 'responses' {
  if (api !== 'auto') return api;
  return hostOf(baseUrl) === 'api.openai.com' || /-codex\b/i.test(model) ? 'responses' : 'chat';
}

/** The model port for a session: each request goes to the client of its API, decided per request (the model may change). */
export function createModelClient(options: ModelClientOptions): ModelClient {
  const chat = new OpenAiModelClient(options);
  const responses = new OpenAiResponsesClient(options);
  return {
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
      return (apiFor(options.api, options.baseUrl, request.model) === 'responses' ? responses : chat).stream(request, signal);
    },
  };
}
