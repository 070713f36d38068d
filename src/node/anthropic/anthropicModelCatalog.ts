import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { CatalogFailure, ModelCatalog, ModelListing, ModelListRequest } from '../../core/ports/modelCatalog';
import { errorMessage } from '../../core/errorMessage';
import { connectionFailure, listWithinDeadline, noAnswerWithin, worded } from '../openAiModelCatalog';
import { anthropicClient } from './sdkClient';

/** ModelCatalog over the Messages API's `GET /v1/models` (all pages), through the official SDK (spec §3: the picker lists it). */
export class AnthropicModelCatalog implements ModelCatalog {
  constructor(private readonly options: { fetch?: typeof fetch } = {}) {}

  async listModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelListing> {
    const timeoutMs = request.timeoutMs ?? 15_000;
    return listWithinDeadline(timeoutMs, signal, async (deadline) => {
      const client = anthropicClient({ baseUrl: request.baseUrl, apiKey: request.apiKey, fetch: this.options.fetch }, timeoutMs);
      const models: string[] = [];
      for await (const model of client.models.list({}, { signal: deadline })) {
        if (typeof model?.id !== 'string') return { ok: false, failure: { kind: 'network', ...worded((l10n) => l10n.t('its answer to /models is not a list of models.')) } };
        models.push(model.id);
      }
      return { ok: true, models: [...new Set(models)].sort((a, b) => a.localeCompare(b)) };
    }, (error) => toFailure(error, timeoutMs));
  }
}

function toFailure(error: unknown, timeoutMs: number): CatalogFailure {
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout', ...noAnswerWithin(timeoutMs) };
  if (error instanceof APIUserAbortError) return { kind: 'timeout', ...worded((l10n) => l10n.t('the request was cancelled.')) };
  if (error instanceof APIConnectionError) return connectionFailure(error);
  // The API's own words (`error.message` of its body), not the SDK's "404 {json}".
  if (error instanceof APIError && error.status) return { kind: 'http', status: error.status, message: error.apiMessage ?? error.message.replace(/^\d{3}\s*/, '') };
  return { kind: 'network', ...worded((l10n) => l10n.t('its answer to /models is not a list of models ({0}).', errorMessage(error))) };
}
