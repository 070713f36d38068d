import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { baseUrlProblem } from '../core/settings';
import type { ChatMessage, ModelChunk, ModelClient, ModelRequest, TokenUsage } from '../core/ports/modelClient';
import { toChunks, usageOf } from './openai/chunkMapping';
import { guardedEvents, type StreamGuard } from './openai/guardedStream';
import { sdkClient, type SdkClientOptions } from './openai/sdkClient';
import { carryToolImages, userContentParts } from '../core/images/wireImages';

export interface OpenAiModelClientOptions extends SdkClientOptions {
  /** A stream that sends nothing for this long is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs?: number;
}

/** ModelClient over any OpenAI-compatible endpoint's Chat Completions. */
export class OpenAiModelClient implements ModelClient {
  private readonly client: OpenAI;
  private readonly guard: StreamGuard;

  constructor(options: OpenAiModelClientOptions) {
    this.client = sdkClient(options);
    this.guard = { idleTimeoutMs: options.idleTimeoutMs ?? 120_000, urlProblem: baseUrlProblem(options.baseUrl) };
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    let usage: TokenUsage | undefined;
    for await (const chunk of guardedEvents(signal, this.guard, (abort) => this.client.chat.completions.create(toParams(request), { signal: abort }))) {
      yield* toChunks(chunk);
      usage = usageOf(chunk) ?? usage;
    }
    // Once per response, the last report: some providers repeat it (finish chunk, then a usage-only chunk).
    if (usage) yield { type: 'usage', usage };
  }
}

function toParams(request: ModelRequest): ChatCompletionCreateParamsStreaming {
  const params: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: carryToolImages(request.messages).map(toSdkMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.maxOutputTokens) params.max_tokens = request.maxOutputTokens;
  if (request.tools?.length) {
    params.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  return params;
}

function toSdkMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId ?? '' };
    case 'assistant':
      return message.toolCalls?.length
        ? { role: 'assistant', content: message.content || null, tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
        : { role: 'assistant', content: message.content };
    case 'user':
      return message.images?.length ? { role: 'user', content: userContentParts(message) } : { role: 'user', content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}
