import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { FinishReason, ModelChunk, TokenUsage } from '../../core/ports/modelClient';
import { contentPieces } from './contentParts';

/** Fields real providers put on a delta that the SDK's types leave out (spec §3: providers differ). */
interface ProviderDelta {
  /** DeepSeek, xAI, vLLM, Alibaba. */
  reasoning_content?: string | null;
  /** Groq, Cerebras, OpenRouter. */
  reasoning?: string | null;
  /** OpenAI: the model declined; shown as the answer, marked as a refusal. */
  refusal?: string | null;
  /** Mistral (Magistral, mistral-small with thinking) sends an array of parts instead of a string. */
  content?: unknown;
}

/**
 * One SSE chunk as the core's chunks. Usage is not among them: a provider may report it on several chunks
 * (the finish chunk and a usage-only chunk), so the caller keeps the last and reports it once.
 */
export function* toChunks(chunk: ChatCompletionChunk): Generator<ModelChunk> {
  for (const choice of chunk.choices ?? []) {
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & ProviderDelta;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) yield { type: 'reasoning', delta: reasoning };
    for (const piece of contentPieces(delta.content)) yield piece.thinking ? { type: 'reasoning', delta: piece.text } : { type: 'text', delta: piece.text };
    if (typeof delta.refusal === 'string' && delta.refusal) yield { type: 'refusal', delta: delta.refusal };
    for (const call of delta.tool_calls ?? []) {
      // Mistral and Gemini send no index (one whole call per chunk); Alibaba repeats id "" on continuations.
      const piece: ModelChunk = { type: 'toolCallDelta', index: typeof call.index === 'number' ? call.index : 0, id: call.id || undefined, name: call.function?.name || undefined, argumentsDelta: call.function?.arguments ?? undefined };
      const extra = extraFieldsOf(call);
      if (extra) piece.extra = extra;
      yield piece;
    }
    if (choice.finish_reason) yield { type: 'finish', reason: toFinishReason(choice.finish_reason) };
  }
}

/** A call's fields beside the standard ones (Gemini's `extra_content`), verbatim; absent stays absent, as do null and {}. */
function extraFieldsOf(call: object): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(call)) {
    if (key === 'index' || key === 'id' || key === 'type' || key === 'function') continue;
    if (value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0)) continue;
    (extra ??= {})[key] = value;
  }
  return extra;
}

/** The usage a chunk reports, if any, with every count a finite number. */
export function usageOf(chunk: ChatCompletionChunk): TokenUsage | undefined {
  if (!chunk.usage) return undefined;
  // DeepSeek reports its cache hits as prompt_cache_hit_tokens (and lately cached_tokens too: the same tokens, counted once).
  const usage = chunk.usage as typeof chunk.usage & { prompt_cache_hit_tokens?: unknown };
  const cached = count(usage.prompt_tokens_details?.cached_tokens) ?? count(usage.prompt_cache_hit_tokens);
  return {
    inputTokens: count(usage.prompt_tokens) ?? 0,
    outputTokens: count(usage.completion_tokens) ?? 0,
    cachedInputTokens: cached,
  };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function toFinishReason(reason: string): FinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'tool_calls' || reason === 'content_filter' ? reason : 'unknown';
}
