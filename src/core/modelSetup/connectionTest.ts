import type { CatalogFailure, ModelCatalog } from '../ports/modelCatalog';
import { baseUrlProblem, isLocalEndpoint } from '../settings';

export type ConnectionStatus = 'ok' | 'bad_url' | 'refused' | 'timeout' | 'unauthorized' | 'model_not_found' | 'other';

/** What "Test connection" tells the user: one status tests can rely on and one sentence saying exactly what failed. */
export interface ConnectionReport {
  status: ConnectionStatus;
  message: string;
  /** The endpoint's models when it listed them. */
  models: string[];
  /** Whether the configured model takes images, when the endpoint's listing says (spec §16). */
  imageInput?: boolean;
}

export interface ConnectionTarget {
  baseUrl: string;
  apiKey: string | undefined;
  /** codeagent.model.name; empty when none is chosen yet. */
  model: string;
  timeoutMs?: number;
}

/** Lists the endpoint's models and checks the configured one is among them; never throws. */
export async function testConnection(catalog: ModelCatalog, target: ConnectionTarget, signal?: AbortSignal): Promise<ConnectionReport> {
  const urlProblem = baseUrlProblem(target.baseUrl);
  if (urlProblem) return { status: 'bad_url', message: urlProblem, models: [] };
  const listing = await catalog.listModels({ baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: target.timeoutMs }, signal);
  if (!listing.ok) return { ...describeFailure(listing.failure, target), models: [] };
  const { models } = listing;
  const model = target.model.trim();
  if (!model) return { status: 'ok', message: `Connected to ${target.baseUrl}: ${countModels(models.length)}. Choose one.`, models };
  if (!models.includes(model)) {
    return { status: 'model_not_found', message: `${target.baseUrl} does not serve the model "${model}". ${availableModels(models)}`, models };
  }
  const imageInput = listing.imageInput?.[model];
  const images = imageInput === undefined ? '' : imageInput ? ' It takes images.' : ' It takes no images (so the model list says).';
  return { status: 'ok', message: `Connected to ${target.baseUrl}: "${model}" is available (${countModels(models.length)}).${images}`, models, ...(imageInput === undefined ? {} : { imageInput }) };
}

/** The failure in words, with the step that fixes it. */
export function describeFailure(failure: CatalogFailure, target: Pick<ConnectionTarget, 'baseUrl' | 'apiKey' | 'model'>): Omit<ConnectionReport, 'models'> {
  const where = hostOf(target.baseUrl);
  switch (failure.kind) {
    case 'refused':
      return { status: 'refused', message: `Connection refused: nothing is listening at ${where}.${isLocalEndpoint(target.baseUrl) ? ' Is the local server running?' : ''}` };
    case 'timeout':
      return { status: 'timeout', message: `No answer from ${where} in time: ${failure.message}` };
    case 'network':
      return { status: 'other', message: `Cannot reach ${where}: ${failure.message}` };
    case 'http': {
      const { status, message } = failure;
      if (status === 401 || status === 403) {
        const fix = target.apiKey ? 'The API key was refused; run "CodeAgent: Set API Key" with a valid key.' : 'This endpoint needs an API key; run "CodeAgent: Set API Key".';
        return { status: 'unauthorized', message: `Unauthorized (${status}): ${message} ${fix}` };
      }
      // Some servers answer an unknown model with 404 and say so.
      if (status === 404 && target.model.trim() && /model/i.test(message)) return { status: 'model_not_found', message: `Model not found (404): ${message}` };
      if (status === 404) return { status: 'other', message: `${target.baseUrl} has no /models route (404): ${message} Check that the URL ends where the API starts (often /v1).` };
      return { status: 'other', message: `${where} answered ${status}: ${message}` };
    }
  }
}

function availableModels(models: string[]): string {
  if (models.length === 0) return 'It lists no models at all.';
  const shown = models.slice(0, 8).join(', ');
  return `Available: ${shown}${models.length > 8 ? ` and ${models.length - 8} more` : ''}.`;
}

function countModels(n: number): string {
  return n === 1 ? '1 model' : `${n} models`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
