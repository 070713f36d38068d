import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { ModelChunk, ModelClient, ModelRequest } from '../../core/ports/modelClient';
import { guardedEvents, urlProblemOf, type StreamGuard } from '../openai/guardedStream';
import { messagesEchoProducer } from './echoProducer';
import { MessagesEventAccumulator, type RawEvent } from './messagesEvents';
import { toMessagesModelError } from './messagesErrors';
import { messagesBody } from './messagesRequest';
import { isThinkingBlock, type WireBlock } from './messagesWire';
import { anthropicClient, type AnthropicClientOptions } from './sdkClient';

export interface MessagesClientOptions extends AnthropicClientOptions {
  /** A stream that sends nothing for this long (not even a `ping`) is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs?: number;
}

/** Claude 4 models think between tool calls only when asked; adaptive thinking does it by itself. */
const interleavedThinking = 'interleaved-thinking-2025-05-14';
/** Anthropic's memory tool (spec §21, memory_20250818) is declared under this beta. */
const contextManagement = 'context-management-2025-06-27';

/**
 * ModelClient over Anthropic's Messages API through the official SDK (spec §3 `messages`). The stream is read as
 * raw server-sent events and accumulated here, `ping` and `error` events included.
 */
export class AnthropicMessagesClient implements ModelClient {
  private readonly client: Anthropic;
  private readonly guard: StreamGuard;

  constructor(private readonly options: MessagesClientOptions) {
    this.client = anthropicClient(options);
    this.guard = { idleTimeoutMs: options.idleTimeoutMs ?? 120_000, urlProblem: urlProblemOf(options.baseUrl), toError: toMessagesModelError };
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    // Thinking signatures are valid for the endpoint and model that made them only.
    const producer = messagesEchoProducer(this.options.baseUrl, request.model);
    const body = messagesBody(request, producer);
    const nativeNames = new Map((request.tools ?? []).filter((t) => t.anthropicNative).map((t) => [t.anthropicNative!.name, t.name]));
    const accumulator = new MessagesEventAccumulator(producer, nativeNames, prefixThinking(request, producer));
    // Only Claude knows the beta; the compatible endpoints' models are left their own behaviour.
    const betas = [
      ...(body.thinking?.type === 'enabled' ? [interleavedThinking] : []),
      ...((request.tools ?? []).some((tool) => tool.anthropicNative?.type === 'memory_20250818') ? [contextManagement] : []),
    ];
    const headers = betas.length && /claude/i.test(request.model) ? { 'anthropic-beta': betas.join(',') } : undefined;
    const open = async (abort: AbortSignal): Promise<AsyncIterable<RawEvent>> => {
      const response = await this.client.messages.create(body as unknown as MessageCreateParamsStreaming, { signal: abort, headers }).asResponse();
      return rawEvents(Stream.rawEvents(response));
    };
    for await (const event of guardedEvents(signal, this.guard, open)) yield* accumulator.add(event);
    yield* accumulator.end();
  }
}

async function* rawEvents(sse: AsyncIterable<{ event: string | null; data: string }>): AsyncGenerator<RawEvent> {
  for await (const message of sse) {
    if (!message.data) continue;
    yield { event: message.event, data: JSON.parse(message.data) as unknown };
  }
}

/** The thinking of the assistant prefix a continued reply carries: the continued message keeps it first. */
function prefixThinking(request: ModelRequest, producer: string): WireBlock[] {
  const last = request.messages.at(-1);
  if (last?.role !== 'assistant' || last.echo?.producer !== producer) return [];
  return ((last.echo.items ?? []) as WireBlock[]).filter(isThinkingBlock);
}
