import type OpenAI from 'openai';
import type { ModelChunk, ModelClient, ModelRequest } from '../core/ports/modelClient';
import { echoProducer } from './openai/echoAccumulator';
import { guardedEvents, urlProblemOf, type StreamGuard } from './openai/guardedStream';
import { ResponsesEventMapper } from './openai/responsesEvents';
import { responsesParams } from './openai/responsesRequest';
import { sdkClient, type SdkClientOptions } from './openai/sdkClient';

export interface OpenAiResponsesClientOptions extends SdkClientOptions {
  /** A stream that sends nothing for this long is aborted as a timeout (and then retried by the core). */
  idleTimeoutMs?: number;
}

/** ModelClient over OpenAI's Responses API (spec §3 `model.api`), stateless: `store: false`, reasoning sent back encrypted. */
export class OpenAiResponsesClient implements ModelClient {
  private readonly client: OpenAI;
  private readonly guard: StreamGuard;

  constructor(private readonly options: OpenAiResponsesClientOptions) {
    this.client = sdkClient(options);
    this.guard = { idleTimeoutMs: options.idleTimeoutMs ?? 120_000, urlProblem: urlProblemOf(options.baseUrl) };
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    // Its reasoning is encrypted for this API, endpoint and model only.
    const producer = echoProducer('responses', this.options.baseUrl, request.model);
    const mapper = new ResponsesEventMapper(producer);
    const params = responsesParams(request, producer);
    for await (const event of guardedEvents(signal, this.guard, (abort) => this.client.responses.create(params, { signal: abort }))) {
      yield* mapper.map(event);
    }
    yield* mapper.end();
  }
}
