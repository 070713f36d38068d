import type { ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses';
import { ModelError, type FinishReason, type ModelChunk, type ModelErrorKind, type TokenUsage } from '../../core/ports/modelClient';

/** A reasoning item as it goes back: its id, summary and encrypted content, nothing the API fills in itself. */
interface EchoedReasoning {
  type: 'reasoning';
  id: string;
  summary: unknown[];
  encrypted_content?: string | null;
}

/**
 * One Responses API stream as the core's chunks. The end (echo, usage, finish) is known only once the response
 * completed, so it comes from end(); a stream that stops before its last event broke.
 */
export class ResponsesEventMapper {
  private readonly reasoning: EchoedReasoning[] = [];
  private sawCalls = false;
  private usage: TokenUsage | undefined;
  private finish: FinishReason | undefined;

  constructor(private readonly producer: string) {}

  *map(event: ResponseStreamEvent): Generator<ModelChunk> {
    switch (event.type) {
      case 'response.output_text.delta':
        if (event.delta) yield { type: 'text', delta: event.delta };
        break;
      case 'response.reasoning_summary_part.added':
        // Each summary part is a paragraph of its own.
        if (event.summary_index > 0) yield { type: 'reasoning', delta: '\n\n' };
        break;
      case 'response.reasoning_summary_text.delta':
        if (event.delta) yield { type: 'reasoning', delta: event.delta };
        break;
      case 'response.refusal.delta':
        if (event.delta) yield { type: 'refusal', delta: event.delta };
        break;
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          this.sawCalls = true;
          yield { type: 'toolCallDelta', index: event.output_index, id: event.item.call_id, name: event.item.name, argumentsDelta: event.item.arguments || undefined };
        }
        break;
      case 'response.function_call_arguments.delta':
        if (event.delta) yield { type: 'toolCallDelta', index: event.output_index, argumentsDelta: event.delta };
        break;
      case 'response.output_item.done':
        if (event.item.type === 'reasoning') {
          const { id, summary, encrypted_content } = event.item;
          this.reasoning.push({ type: 'reasoning', id, summary, encrypted_content });
        }
        break;
      case 'response.completed':
        this.usage = usageOf(event.response.usage);
        this.finish = this.sawCalls ? 'tool_calls' : 'stop';
        break;
      case 'response.incomplete': {
        this.usage = usageOf(event.response.usage);
        const reason = event.response.incomplete_details?.reason;
        this.finish = reason === 'max_output_tokens' ? 'length' : reason === 'content_filter' ? 'content_filter' : 'unknown';
        break;
      }
      case 'response.failed': {
        const error = event.response.error;
        throw providerError(error?.code, error?.message ?? 'the response failed without saying why');
      }
      case 'error':
        throw providerError(event.code, event.message);
    }
  }

  *end(): Generator<ModelChunk> {
    if (!this.finish) throw new ModelError('network', (l10n) => l10n.t('The connection to the model broke: the response ended before it completed.'));
    if (this.reasoning.length) yield { type: 'echo', echo: { producer: this.producer, items: this.reasoning } };
    if (this.usage) yield { type: 'usage', usage: this.usage };
    yield { type: 'finish', reason: this.finish };
  }
}

function providerError(code: string | null | undefined, message: string): ModelError {
  const kind: ModelErrorKind = code === 'rate_limit_exceeded' ? 'rateLimit' : code === 'server_error' ? 'server' : 'badRequest';
  return new ModelError(kind, (l10n) => (code ? l10n.t('The model failed ({0}): {1}', code, message) : l10n.t('The model failed: {0}', message)));
}

function usageOf(usage: ResponseUsage | undefined): TokenUsage | undefined {
  if (!usage) return undefined;
  return {
    inputTokens: count(usage.input_tokens) ?? 0,
    outputTokens: count(usage.output_tokens) ?? 0,
    cachedInputTokens: count(usage.input_tokens_details?.cached_tokens),
    reasoningTokens: count(usage.output_tokens_details?.reasoning_tokens),
  };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
