/** Issue 55: each request to the client of the model chosen when it is sent: a VS Code model's, or the endpoint's. */
import type { ModelChunk, ModelClient, ModelRequest } from '../../core/ports/modelClient';
import type { Settings } from '../../core/settings';

export function routedModelClient(api: () => Settings['model']['api'], endpoint: () => ModelClient, vscodeLm: () => ModelClient): ModelClient {
  let endpointClient: ModelClient | undefined;
  let lmClient: ModelClient | undefined;
  return {
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
      if (api() === 'vscode') return (lmClient ??= vscodeLm()).stream(request, signal);
      return (endpointClient ??= endpoint()).stream(request, signal);
    },
  };
}
