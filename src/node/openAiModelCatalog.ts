import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { CatalogFailure, ModelCatalog, ModelListing, ModelListRequest } from '../core/ports/modelCatalog';
import { errorMessage } from '../core/errorMessage';
import { english, type UserText } from '../core/ports/translator';

/** ModelCatalog over the official SDK's `models.list()` (all pages), one short-lived client per request. */
export class OpenAiModelCatalog implements ModelCatalog {
  constructor(private readonly options: { fetch?: typeof fetch } = {}) {}

  async listModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelListing> {
    const timeoutMs = request.timeoutMs ?? 15_000;
    return listWithinDeadline(timeoutMs, signal, async (deadline) => {
      const client = new OpenAI({
        baseURL: request.baseUrl,
        // The SDK insists on a key; local endpoints ignore it.
        apiKey: request.apiKey || 'not-needed',
        maxRetries: 0,
        timeout: timeoutMs,
        fetch: this.options.fetch,
      });
      const models: string[] = [];
      const imageInput: Record<string, boolean> = {};
      for await (const model of client.models.list({ signal: deadline })) {
        if (typeof model?.id !== 'string') return { ok: false, failure: { kind: 'network', ...worded((l10n) => l10n.t('its answer to /models is not a list of models.')) } };
        models.push(model.id);
        const declared = model as { architecture?: { input_modalities?: unknown }; input_modalities?: unknown };
        const modalities = declared.architecture?.input_modalities ?? declared.input_modalities;
        if (Array.isArray(modalities)) imageInput[model.id] = modalities.includes('image');
      }
      const sorted = [...new Set(models)].sort((a, b) => a.localeCompare(b));
      return Object.keys(imageInput).length ? { ok: true, models: sorted, imageInput } : { ok: true, models: sorted };
    }, (error) => toFailure(error, timeoutMs));
  }
}

/**
 * A listing under one deadline for its whole answer, which the caller's signal also aborts: an SDK's own timeout
 * stops at the response headers, and a server that sends them and then nothing must time out too.
 */
export async function listWithinDeadline(
  timeoutMs: number,
  signal: AbortSignal | undefined,
  list: (deadline: AbortSignal) => Promise<ModelListing>,
  toFailure: (error: unknown) => CatalogFailure,
): Promise<ModelListing> {
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; deadline.abort(); }, timeoutMs);
  const forwardAbort = () => deadline.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await list(deadline.signal);
  } catch (error) {
    if (timedOut) return { ok: false, failure: { kind: 'timeout', ...noAnswerWithin(timeoutMs) } };
    return { ok: false, failure: toFailure(error) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** A failed listing in the port's terms; an SDK's connection errors carry the socket's error code in their causes. */
export function connectionFailure(error: unknown): CatalogFailure {
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return { kind: 'refused', message: deepestMessage(error) };
  return { kind: 'network', message: code ? `${deepestMessage(error)} (${code})` : deepestMessage(error) };
}

function toFailure(error: unknown, timeoutMs: number): CatalogFailure {
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout', ...noAnswerWithin(timeoutMs) };
  if (error instanceof APIUserAbortError) return { kind: 'timeout', ...worded((l10n) => l10n.t('the request was cancelled.')) };
  if (error instanceof APIConnectionError) return connectionFailure(error);
  if (error instanceof APIError && error.status) return { kind: 'http', status: error.status, message: serverMessage(error) };
  // A 200 whose body is not a model list (an HTML page, "Ollama is running") fails while the SDK reads it.
  return { kind: 'network', ...worded((l10n) => l10n.t('its answer to /models is not a list of models ({0}).', errorMessage(error))) };
}

/** A failure's words: English in `message`, the user's language through `userText`. */
export function worded(text: UserText): { message: string; userText: UserText } {
  return { message: text(english), userText: text };
}

export function noAnswerWithin(timeoutMs: number): { message: string; userText: UserText } {
  return worded((l10n) => l10n.t('no answer within {0}.', formatSeconds(timeoutMs)));
}

/** The server's own words: the SDK prefixes them with the status, which the report states separately. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return error.message.replace(/^\d{3}\s*/, '') || `HTTP ${error.status}`;
}

/** fetch wraps the socket error (ECONNREFUSED, ENOTFOUND…) in `cause`, and the SDK wraps fetch's error again. */
function errorCode(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at && depth < 6; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const nested = (at as { errors?: unknown }).errors;
    // Happy eyeballs: localhost resolves to ::1 and 127.0.0.1, and both refusals arrive as one AggregateError.
    if (Array.isArray(nested)) {
      const inner = nested.map(errorCode).find(Boolean);
      if (inner) return inner;
    }
  }
  return undefined;
}

function deepestMessage(error: unknown): string {
  let message = errorMessage(error);
  for (let at: unknown = (error as { cause?: unknown }).cause, depth = 0; at && depth < 6; at = (at as { cause?: unknown }).cause, depth++) {
    if (at instanceof Error && at.message) message = at.message;
  }
  return message;
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
