import type { ModelCatalog, ModelListing, ModelListRequest } from '../core/ports/modelCatalog';
import { AnthropicModelCatalog } from './anthropic/anthropicModelCatalog';
import { apiFor, type ModelApi } from './createModelClient';
import { OpenAiModelCatalog } from './openAiModelCatalog';

/** The picker's listing as the endpoint's API serves it: `GET /v1/models` of the Messages API, or the OpenAI-compatible `/models`. */
export function createModelCatalog(api: () => ModelApi, options: { fetch?: typeof fetch } = {}): ModelCatalog {
  const openai = new OpenAiModelCatalog(options);
  const anthropic = new AnthropicModelCatalog(options);
  return {
    listModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelListing> {
      return (apiFor(api(), request.baseUrl, '') === 'messages' ? anthropic : openai).listModels(request, signal);
    },
  };
}
