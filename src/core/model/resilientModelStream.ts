import type { Clock } from '../ports/clock';
import { ModelError, type FinishReason, type ModelChunk, type ModelClient, type ModelRequest, type ProviderEcho } from '../ports/modelClient';
import { retryDelayMs, toModelError } from './retryPolicy';

export interface ResilienceOptions {
  maxRetries: number;
  continueMaxRounds: number;
  clock: Clock;
  signal: AbortSignal;
  /** `reason`: the error's English (`error.userText` says it in the user's language). */
  onRetry?: (info: { attempt: number; maxRetries: number; delayMs: number; reason: string; error: ModelError }) => void;
  onContinue?: (round: number) => void;
}

/**
 * One logical model reply: retries transient failures and continues replies cut off by the output limit,
 * both by re-asking with the text received so far as an assistant prefix, so the consumer sees one seamless stream
 * (native tool calls cut off midway are dropped, `toolCallsDropped`, and written again by the model).
 */
export async function* resilientModelStream(client: ModelClient, request: ModelRequest, options: ResilienceOptions): AsyncGenerator<ModelChunk> {
  let received = '';
  let retries = 0;
  let continuations = 0;
  let sawToolCalls = false;
  // What the reply so far must carry back when it is continued (Anthropic's thinking blocks, with their signatures).
  let echo: ProviderEcho | undefined;
  for (;;) {
    const attempt = withPrefix(request, received, echo);
    let finish: FinishReason | undefined;
    try {
      for await (const chunk of client.stream(attempt, options.signal)) {
        if (chunk.type === 'finish') { finish = chunk.reason; continue; }
        if (chunk.type === 'text') received += chunk.delta;
        if (chunk.type === 'toolCallDelta') sawToolCalls = true;
        if (chunk.type === 'echo') echo = chunk.echo;
        yield chunk;
      }
    } catch (raw) {
      const error = options.signal.aborted ? new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.')) : toModelError(raw);
      if (!error.retryable || retries >= options.maxRetries) throw error;
      retries += 1;
      // A half-streamed native tool call cannot be resumed from a text prefix: its calls are dropped and
      // the model, asked again after the text it wrote, writes them again.
      if (sawToolCalls) {
        sawToolCalls = false;
        yield { type: 'toolCallsDropped' };
      }
      const delayMs = retryDelayMs(error, retries);
      options.onRetry?.({ attempt: retries, maxRetries: options.maxRetries, delayMs, reason: error.message, error });
      await options.clock.sleep(delayMs, options.signal);
      continue;
    }
    if (finish === 'length' && !sawToolCalls && continuations < options.continueMaxRounds) {
      continuations += 1;
      options.onContinue?.(continuations);
      continue;
    }
    yield { type: 'finish', reason: finish ?? 'unknown' };
    return;
  }
}

function withPrefix(request: ModelRequest, prefix: string, echo: ProviderEcho | undefined): ModelRequest {
  if (!prefix) return request;
  return { ...request, messages: [...request.messages, { role: 'assistant', content: prefix, ...(echo ? { echo } : {}) }] };
}
