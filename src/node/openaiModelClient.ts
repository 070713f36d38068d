import type OpenAI from 'openai';
import type { ModelChunk, ModelClient, ModelRequest, TokenUsage } from '../core/ports/modelClient';
import { toChunks, usageOf } from './openai/chunkMapping';
import { chatParams } from './openai/chatRequest';
import { EchoAccumulator, echoProducer, type ReasoningDelta } from './openai/echoAccumulator';
import { guardedEvents, urlProblemOf, type StreamGuard } from './openai/guardedStream';
import { sdkClient, type SdkClientOptions } from './openai/sdkClient';

export interface OpenAiModelClientOptions extends SdkClientOptions {
  /** A stream that sends nothing for this long is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs?: number;
}

/** ModelClient over any OpenAI-compatible endpoint's Chat Completions. */
export class OpenAiModelClient implements ModelClient {
  private readonly client: OpenAI;
  private readonly guard: StreamGuard;
  private readonly baseUrl: string;

  constructor(options: OpenAiModelClientOptions) {
    this.client = sdkClient(options);
    this.baseUrl = options.baseUrl;
    this.guard = { idleTimeoutMs: options.idleTimeoutMs ?? 120_000, urlProblem: urlProblemOf(options.baseUrl) };
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    let usage: TokenUsage | undefined;
    const echo = new EchoAccumulator();
    for await (const chunk of guardedEvents(signal, this.guard, (abort) => this.client.chat.completions.create(chatParams(this.baseUrl, request), { signal: abort }))) {
      for (const choice of chunk.choices ?? []) if (choice.delta) echo.add(choice.delta as ReasoningDelta);
      for (const piece of toChunks(chunk)) {
        if (piece.type === 'toolCallDelta' && piece.extra) echo.callHadExtra();
        yield piece;
      }
      usage = usageOf(chunk) ?? usage;
    }
    const echoed = echo.echo(echoProducer('chat', this.baseUrl, request.model));
    if (echoed) yield { type: 'echo', echo: echoed };
    // Once per response, the last report: some providers repeat it (finish chunk, then a usage-only chunk).
    if (usage) yield { type: 'usage', usage };
  }
}
