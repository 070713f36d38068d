import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { baseUrlProblem } from '../core/settings';
import { ModelError, type ModelChunk, type ModelClient, type ModelRequest, type TokenUsage } from '../core/ports/modelClient';
import { toChunks, usageOf } from './openai/chunkMapping';
import { errorMessage } from '../core/errorMessage';
import { chatParams, chatProducer } from './openai/chatRequest';
import { EchoAccumulator, type ReasoningDelta } from './openai/echoAccumulator';

export interface OpenAiModelClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** A stream that sends nothing for this long is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

/** ModelClient over any OpenAI-compatible endpoint; the SDK's own retries are off because the core owns retry policy. */
export class OpenAiModelClient implements ModelClient {
  private readonly client: OpenAI;
  private readonly idleTimeoutMs: number;
  private readonly urlProblem: string | undefined;
  private readonly baseUrl: string;

  constructor(options: OpenAiModelClientOptions) {
    this.baseUrl = options.baseUrl;
    this.urlProblem = baseUrlProblem(options.baseUrl);
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // The SDK insists on a key; local endpoints ignore it.
      apiKey: options.apiKey || 'not-needed',
      maxRetries: 0,
      timeout: 10 * 60_000,
      fetch: options.fetch,
      dangerouslyAllowBrowser: false,
    });
    this.idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', forwardAbort, { once: true });
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let idledOut = false;
    const armIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => { idledOut = true; controller.abort(); }, this.idleTimeoutMs);
    };
    try {
      if (signal.aborted) throw new ModelError('cancelled', 'Cancelled by the user.');
      // A malformed URL would surface as a "connection" error and be retried for nothing.
      if (this.urlProblem) throw new ModelError('badRequest', this.urlProblem);
      armIdleTimer();
      const stream = await this.client.chat.completions.create(chatParams(this.baseUrl, request), { signal: controller.signal });
      let usage: TokenUsage | undefined;
      const echo = new EchoAccumulator();
      for await (const chunk of stream) {
        armIdleTimer();
        for (const choice of chunk.choices ?? []) if (choice.delta) echo.add(choice.delta as ReasoningDelta);
        yield* toChunks(chunk);
        usage = usageOf(chunk) ?? usage;
      }
      // The SDK ends an aborted stream quietly instead of throwing.
      if (controller.signal.aborted) throw new Error('stream aborted');
      const echoed = echo.echo(chatProducer(this.baseUrl, request.model));
      if (echoed) yield { type: 'echo', echo: echoed };
      // Once per response, the last report: some providers repeat it (finish chunk, then a usage-only chunk).
      if (usage) yield { type: 'usage', usage };
    } catch (error) {
      if (signal.aborted) throw new ModelError('cancelled', 'Cancelled by the user.');
      if (idledOut) throw new ModelError('timeout', `The model sent nothing for ${Math.round(this.idleTimeoutMs / 1000)} s.`);
      throw toModelError(error);
    } finally {
      clearTimeout(idleTimer);
      signal.removeEventListener('abort', forwardAbort);
    }
  }
}

function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return new ModelError('cancelled', 'Cancelled by the user.');
  if (error instanceof APIConnectionTimeoutError) return new ModelError('timeout', 'The model request timed out.');
  if (error instanceof APIConnectionError && /invalid url/i.test(causeOf(error))) return new ModelError('badRequest', `The endpoint URL is invalid: ${causeOf(error)}. Check codeagent.model.baseUrl.`);
  if (error instanceof APIConnectionError) return new ModelError('network', `Cannot reach the model endpoint: ${causeOf(error)}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = error.message;
    if (status === 429) return new ModelError('rateLimit', `Rate limited (429): ${detail}`, status, retryAfterMs(error.headers));
    if (status >= 500) return new ModelError('server', `The model endpoint failed (${status}): ${detail}`, status, retryAfterMs(error.headers));
    if (status === 401 || status === 403) return new ModelError('auth', `The endpoint refused the API key (${status}). Run "CodeAgent: Set API Key". ${detail}`, status);
    if (status === 408) return new ModelError('timeout', `The endpoint timed out (408): ${detail}`, status);
    if (status === 0) return new ModelError('network', `The connection to the model broke: ${detail}`);
    return new ModelError('badRequest', `The endpoint rejected the request (${status}): ${detail}`, status);
  }
  const message = errorMessage(error);
  // The SDK surfaces a dropped SSE connection as a plain Error from the body reader.
  return new ModelError('network', `The connection to the model broke: ${message}`);
}

function causeOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && !Number.isNaN(Number(ms))) return Number(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
