import type { CatalogFailure, ModelCatalog } from '../ports/modelCatalog';
import { english, type Translator } from '../ports/translator';
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

/** Lists the endpoint's models and checks the configured one is among them; never throws. `l10n` words the report (spec §20). */
export async function testConnection(catalog: ModelCatalog, target: ConnectionTarget, signal?: AbortSignal, l10n: Translator = english): Promise<ConnectionReport> {
  const urlProblem = baseUrlProblem(target.baseUrl, l10n);
  if (urlProblem) return { status: 'bad_url', message: urlProblem, models: [] };
  const listing = await catalog.listModels({ baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: target.timeoutMs }, signal);
  if (!listing.ok) return { ...describeFailure(listing.failure, target, l10n), models: [] };
  const { models } = listing;
  const model = target.model.trim();
  if (!model) return { status: 'ok', message: l10n.t('Connected to {0}: {1}. Choose one.', target.baseUrl, countModels(models.length, l10n)), models };
  if (!models.includes(model)) {
    return { status: 'model_not_found', message: `${l10n.t('{0} does not serve the model "{1}".', target.baseUrl, model)} ${availableModels(models, l10n)}`, models };
  }
  const imageInput = listing.imageInput?.[model];
  const images = imageInput === undefined ? '' : imageInput ? ` ${l10n.t('It takes images.')}` : ` ${l10n.t('It takes no images (so the model list says).')}`;
  const connected = l10n.t('Connected to {0}: "{1}" is available ({2}).', target.baseUrl, model, countModels(models.length, l10n));
  return { status: 'ok', message: `${connected}${images}`, models, ...(imageInput === undefined ? {} : { imageInput }) };
}

/** The failure in words, with the step that fixes it. */
export function describeFailure(failure: CatalogFailure, target: Pick<ConnectionTarget, 'baseUrl' | 'apiKey' | 'model'>, l10n: Translator = english): Omit<ConnectionReport, 'models'> {
  const where = hostOf(target.baseUrl);
  switch (failure.kind) {
    case 'refused': {
      const refused = l10n.t('Connection refused: nothing is listening at {0}.', where);
      return { status: 'refused', message: isLocalEndpoint(target.baseUrl) ? `${refused} ${l10n.t('Is the local server running?')}` : refused };
    }
    case 'timeout':
      return { status: 'timeout', message: l10n.t('No answer from {0} in time: {1}', where, failure.userText?.(l10n) ?? failure.message) };
    case 'network':
      return { status: 'other', message: l10n.t('Cannot reach {0}: {1}', where, failure.userText?.(l10n) ?? failure.message) };
    case 'http': {
      const { status, message } = failure;
      if (status === 401 || status === 403) {
        const fix = target.apiKey ? l10n.t('The API key was refused; run "CodeAgent: Set API Key" with a valid key.') : l10n.t('This endpoint needs an API key; run "CodeAgent: Set API Key".');
        return { status: 'unauthorized', message: `${l10n.t('Unauthorized ({0}): {1}', status, message)} ${fix}` };
      }
      // Some servers answer an unknown model with 404 and say so.
      if (status === 404 && target.model.trim() && /model/i.test(message)) return { status: 'model_not_found', message: l10n.t('Model not found (404): {0}', message) };
      if (status === 404) return { status: 'other', message: l10n.t('{0} has no /models route (404): {1} Check that the URL ends where the API starts (often /v1).', target.baseUrl, message) };
      return { status: 'other', message: l10n.t('{0} answered {1}: {2}', where, status, message) };
    }
  }
}

function availableModels(models: string[], l10n: Translator): string {
  if (models.length === 0) return l10n.t('It lists no models at all.');
  const shown = models.slice(0, 8).join(', ');
  return models.length > 8 ? l10n.t('Available: {0} and {1} more.', shown, models.length - 8) : l10n.t('Available: {0}.', shown);
}

function countModels(n: number, l10n: Translator): string {
  return n === 1 ? l10n.t('1 model') : l10n.t('{0} models', n);
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
