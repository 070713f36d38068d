import { strict as assert } from 'node:assert';
import { resilientModelStream } from '../../../src/core/model/resilientModelStream';
import { ModelError, type ChatMessage, type ModelChunk, type ModelRequest } from '../../../src/core/ports/modelClient';
import { OpenAiResponsesClient } from '../../../src/node/openaiResponsesClient';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { recordingClock } from '../../support/recordingClock';
import { dataUrlOf, solidPng } from '../../support/imageBytes';

type Chunk<T extends ModelChunk['type']> = Extract<ModelChunk, { type: T }>;

/** The Responses API client over the scripted server's /v1/responses, through the real SDK (spec §3 `model.api`). */
describe('OpenAiResponsesClient', () => {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  const client = (idleTimeoutMs?: number) => new OpenAiResponsesClient({ baseUrl: server.baseUrl, apiKey: 'k', idleTimeoutMs });
  const ask = (messages: ChatMessage[], extra: Partial<ModelRequest> = {}): ModelRequest => ({ model: 'gpt-5', messages, ...extra });
  const of = <T extends ModelChunk['type']>(chunks: ModelChunk[], type: T) => chunks.filter((c): c is Chunk<T> => c.type === type);
  const joined = (chunks: ModelChunk[], type: 'text' | 'reasoning') => of(chunks, type).map((c) => c.delta).join('');

  async function collect(request: ModelRequest, options: { signal?: AbortSignal; idleTimeoutMs?: number; onChunk?: (chunk: ModelChunk) => void } = {}) {
    const chunks: ModelChunk[] = [];
    let error: unknown;
    try {
      for await (const chunk of client(options.idleTimeoutMs).stream(request, options.signal ?? new AbortController().signal)) {
        chunks.push(chunk);
        options.onChunk?.(chunk);
      }
    } catch (e) { error = e; }
    return { chunks, error };
  }

  it('sends a stateless request (instructions, input, tools, effort, cache key) and streams text and usage with cached and reasoning tokens', async () => {
    server.enqueue({ text: 'Hello there', chunkSize: 4, usage: { prompt_tokens: 120, completion_tokens: 30, cached_tokens: 96, reasoning_tokens: 12 } });
    const tools = [{ name: 'Read', description: 'Reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    const { chunks, error } = await collect(ask([{ role: 'system', content: 'You are terse.' }, { role: 'system', content: 'Rules.' }, { role: 'user', content: 'hi' }], { tools, maxOutputTokens: 500, reasoningEffort: 'max', cacheKey: 'conv-1' }));
    assert.equal(error, undefined);
    assert.equal(joined(chunks, 'text'), 'Hello there');
    assert.deepEqual(of(chunks, 'usage'), [{ type: 'usage', usage: { inputTokens: 120, outputTokens: 30, cachedInputTokens: 96, reasoningTokens: 12 } }]);
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'stop' });
    assert.equal(of(chunks, 'echo').length, 0, 'no reasoning, nothing to echo');
    const { path, body } = server.requests[0]!;
    assert.equal(path, '/v1/responses');
    assert.equal(body.store, false);
    assert.equal(body.stream, true);
    assert.deepEqual(body.include, ['reasoning.encrypted_content']);
    assert.equal(body.instructions, 'You are terse.\n\nRules.');
    assert.deepEqual(body.input, [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }]);
    assert.equal(body.prompt_cache_key, 'conv-1');
    assert.equal(body.max_output_tokens, 500);
    assert.deepEqual(body.reasoning, { effort: 'xhigh', summary: 'auto' });
    assert.deepEqual(body.tools, [{ type: 'function', name: 'Read', description: 'Reads a file', parameters: tools[0]!.parameters, strict: false }]);
  });

  it('streams the reasoning summary as thinking, the function calls as tool-call deltas, and echoes the encrypted reasoning at the end', async () => {
    server.enqueue({ reasoning: 'Need the file first.', toolCalls: [{ id: 'call_a1', name: 'Read', arguments: '{"path":"a.ts"}' }], chunkSize: 5 });
    const { chunks, error } = await collect(ask([{ role: 'user', content: 'read a.ts' }]));
    assert.equal(error, undefined);
    assert.equal(joined(chunks, 'reasoning'), 'Need the file first.');
    const deltas = of(chunks, 'toolCallDelta');
    assert.deepEqual({ index: deltas[0]!.index, id: deltas[0]!.id, name: deltas[0]!.name }, { index: 1, id: 'call_a1', name: 'Read' });
    assert.ok(deltas.every((d) => d.index === 1));
    assert.equal(deltas.map((d) => d.argumentsDelta ?? '').join(''), '{"path":"a.ts"}');
    const [echo] = of(chunks, 'echo');
    assert.equal(echo!.echo.producer, `responses ${server.baseUrl} gpt-5`);
    const [item] = echo!.echo.items as { type: string; id: string; summary: unknown[]; encrypted_content: string }[];
    assert.deepEqual({ type: item!.type, summary: item!.summary }, { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Need the file first.' }] });
    assert.match(item!.id, /^rs_/);
    assert.match(item!.encrypted_content, /^gAAAA/);
    assert.deepEqual(chunks.slice(-2).map((c) => c.type), ['usage', 'finish']);
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'tool_calls' });
  });

  it("sends an assistant message back as its items, its text and its calls, with its reasoning only to the echo's producer", async () => {
    const reasoning = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAAsecret' };
    const assistant = (producer: string): ChatMessage => ({ role: 'assistant', content: 'Reading.', toolCalls: [{ id: 'call_1', name: 'Read', arguments: '{"path":"a.ts"}' }], echo: { producer, items: [reasoning] } });
    const history = (producer: string): ChatMessage[] => [{ role: 'user', content: 'go' }, assistant(producer), { role: 'tool', toolCallId: 'call_1', content: 'file text' }];
    server.enqueue({ text: 'done' }, { text: 'done' });
    await collect(ask(history(`responses ${server.baseUrl} gpt-5`)));
    await collect(ask(history(`responses ${server.baseUrl} gpt-4.1`)));
    const [mine, other] = server.requests.map((r) => r.body.input);
    assert.deepEqual(mine.slice(1), [
      reasoning,
      { type: 'message', role: 'assistant', content: 'Reading.' },
      { type: 'function_call', call_id: 'call_1', name: 'Read', arguments: '{"path":"a.ts"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'file text' },
    ]);
    assert.deepEqual(other.map((i: { type: string }) => i.type), ['message', 'message', 'function_call', 'function_call_output'], "another model's reasoning is never sent");
  });

  it("answers a tool result whose call is not in the input with OpenAI's 400, as a badRequest", async () => {
    server.enqueue({ text: 'never sent' });
    const { error } = await collect(ask([{ role: 'user', content: 'go' }, { role: 'tool', toolCallId: 'call_gone', content: 'x' }]));
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'badRequest');
    assert.match(error.message, /\(400\).*No tool call found for function call output with call_id call_gone\./);
  });

  it('puts the images of a user message on the wire as input_image parts after its text', async () => {
    const dataUrl = dataUrlOf(solidPng(4, 3));
    server.enqueue({ text: 'a red box' });
    await collect(ask([{ role: 'user', content: 'what is this?', images: [{ id: 'i1', name: 'box.png', mimeType: 'image/png', width: 4, height: 3, bytes: 60, dataUrl }] }]));
    assert.deepEqual(server.requests[0]!.body.input[0].content, [{ type: 'input_text', text: 'what is this?' }, { type: 'input_image', image_url: dataUrl, detail: 'auto' }]);
  });

  it('a cancel mid-stream ends the stream at once as cancelled', async () => {
    server.enqueue({ text: 'x'.repeat(400), chunkSize: 4, delayMs: 10 });
    const controller = new AbortController();
    const { chunks, error } = await collect(ask([{ role: 'user', content: 'long' }]), { signal: controller.signal, onChunk: (c) => { if (c.type === 'text') controller.abort(); } });
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'cancelled');
    assert.ok(joined(chunks, 'text').length < 400);
    assert.equal(of(chunks, 'finish').length, 0);
  });

  it('turns a stalled stream into a timeout', async () => {
    server.enqueue({ text: 'abcdef', fault: { kind: 'stall', afterChars: 3 } });
    // Long enough that only the stall reaches it, not a loaded machine's slow first bytes.
    const { chunks, error } = await collect(ask([{ role: 'user', content: 'hi' }]), { idleTimeoutMs: 2000 });
    assert.equal(joined(chunks, 'text'), 'abc');
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'timeout');
  });

  it('reports a response.failed event with the provider\'s message', async () => {
    const failed = { type: 'response.failed', sequence_number: 1, response: { id: 'resp_1', object: 'response', status: 'failed', output: [], error: { code: 'server_error', message: 'The model crashed.' } } };
    server.enqueue({ rawSse: `event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"in_progress","output":[]}}\n\nevent: response.failed\ndata: ${JSON.stringify(failed)}\n\n` });
    const { error } = await collect(ask([{ role: 'user', content: 'hi' }]));
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'server');
    assert.match(error.message, /The model crashed\./);
  });

  describe('under resilientModelStream', () => {
    async function resilient(request: ModelRequest) {
      const clock = recordingClock();
      const chunks: ModelChunk[] = [];
      for await (const chunk of resilientModelStream(client(), request, { maxRetries: 3, continueMaxRounds: 3, clock, signal: new AbortController().signal })) chunks.push(chunk);
      return { chunks, sleeps: clock.sleeps };
    }

    it('continues an answer the output limit cut (response.incomplete) with the text so far as an assistant message', async () => {
      server.enqueue({ text: 'part one ', finishReason: 'length' }, { text: 'and the end' });
      const { chunks } = await resilient(ask([{ role: 'user', content: 'write' }]));
      assert.equal(joined(chunks, 'text'), 'part one and the end');
      assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'stop' });
      assert.deepEqual(server.requests[1]!.body.input.at(-1), { type: 'message', role: 'assistant', content: 'part one ' });
    });

    it('retries a 429 after its Retry-After', async () => {
      server.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 3 } }, { text: 'ok' });
      const { chunks, sleeps } = await resilient(ask([{ role: 'user', content: 'hi' }]));
      assert.equal(joined(chunks, 'text'), 'ok');
      assert.deepEqual(sleeps, [3000]);
      assert.equal(server.requests.length, 2);
    });
  });
});
