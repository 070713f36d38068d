import { strict as assert } from 'node:assert';
import { resilientModelStream } from '../../../../src/core/model/resilientModelStream';
import { ModelError, type ModelChunk, type ModelRequest } from '../../../../src/core/ports/modelClient';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { recordingClock } from '../../../support/recordingClock';

const request: ModelRequest = { model: 'scripted-model', messages: [{ role: 'user', content: 'hi' }] };

describe('resilientModelStream over the openai SDK and the scripted server', () => {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  async function collect(options: { maxRetries?: number; continueMaxRounds?: number; signal?: AbortSignal; idleTimeoutMs?: number; onChunk?: (chunk: ModelChunk) => void } = {}) {
    const clock = recordingClock();
    const retries: { attempt: number; delayMs: number; reason: string }[] = [];
    const chunks: ModelChunk[] = [];
    const client = new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: 'k', idleTimeoutMs: options.idleTimeoutMs });
    let error: unknown;
    try {
      for await (const chunk of resilientModelStream(client, request, {
        maxRetries: options.maxRetries ?? 3,
        continueMaxRounds: options.continueMaxRounds ?? 5,
        clock,
        signal: options.signal ?? new AbortController().signal,
        onRetry: (r) => retries.push(r),
      })) {
        chunks.push(chunk);
        options.onChunk?.(chunk);
      }
    } catch (e) { error = e; }
    const text = chunks.filter((c) => c.type === 'text').map((c) => (c as { delta: string }).delta).join('');
    return { chunks, text, retries, sleeps: clock.sleeps, error };
  }

  it('streams text, reasoning and usage and ends with the finish reason', async () => {
    server.enqueue({ reasoning: 'let me think', text: 'Hello world', chunkSize: 3, usage: { prompt_tokens: 11, completion_tokens: 7 } });
    const { chunks, text, error } = await collect();
    assert.equal(error, undefined);
    assert.equal(text, 'Hello world');
    assert.equal(chunks.filter((c) => c.type === 'reasoning').map((c) => (c as { delta: string }).delta).join(''), 'let me think');
    assert.deepEqual(chunks.find((c) => c.type === 'usage'), { type: 'usage', usage: { inputTokens: 11, outputTokens: 7, cachedInputTokens: undefined } });
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'stop' });
    assert.equal(server.requests[0]!.body.stream_options.include_usage, true);
  });

  it('retries a 429 honouring Retry-After, emitting a retry event', async () => {
    server.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 7 } }, { text: 'ok' });
    const { text, retries, sleeps } = await collect();
    assert.equal(text, 'ok');
    assert.equal(retries.length, 1);
    assert.equal(retries[0]!.attempt, 1);
    assert.deepEqual(sleeps, [7000]);
    assert.match(retries[0]!.reason, /429/);
  });

  it('backs off exponentially on 500s and gives up after maxRetries with the last error', async () => {
    server.enqueue(...Array.from({ length: 4 }, () => ({ fault: { kind: 'http' as const, status: 500, message: 'boom' } })));
    const { error, sleeps } = await collect({ maxRetries: 3 });
    assert.deepEqual(sleeps, [1000, 2000, 4000]);
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'server');
    assert.match(error.message, /500/);
    assert.equal(server.requests.length, 4);
  });

  it('does not retry a 400 or a 401', async () => {
    server.enqueue({ fault: { kind: 'http', status: 401, message: 'bad key' } });
    const { error, sleeps } = await collect();
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'auth');
    assert.match(error.message, /Set API Key/);
    assert.deepEqual(sleeps, []);
  });

  it('resumes a dropped stream with the received text as assistant prefix', async () => {
    server.enqueue({ text: 'The first half, and', chunkSize: 5, fault: { kind: 'drop', afterChars: 10 } }, { text: ' the second half.' });
    const { text, retries, error } = await collect();
    assert.equal(error, undefined);
    assert.equal(retries.length, 1);
    assert.equal(text, 'The first  the second half.');
    const resumed = server.requests[1]!.body.messages;
    assert.deepEqual(resumed.at(-1), { role: 'assistant', content: 'The first ' });
  });

  it('turns a stalled stream into a timeout and retries it', async () => {
    server.enqueue({ text: 'abc', fault: { kind: 'stall', afterChars: 3 } }, { text: 'def' });
    // Long enough that only the stall reaches it: at 300 ms a loaded machine's slow first bytes were timed out too (3 retries).
    const { text, retries } = await collect({ idleTimeoutMs: 2000 });
    assert.equal(retries.length, 1);
    assert.match(retries[0]!.reason, /sent nothing/);
    assert.equal(text, 'abcdef');
  });

  it('continues a reply cut by finish_reason length, up to continueMaxRounds', async () => {
    server.enqueue({ text: 'part one ', finishReason: 'length' }, { text: 'part two ', finishReason: 'length' }, { text: 'end' });
    const { text, chunks } = await collect({ continueMaxRounds: 5 });
    assert.equal(text, 'part one part two end');
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'stop' });
    assert.deepEqual(server.requests[2]!.body.messages.at(-1), { role: 'assistant', content: 'part one part two ' });
  });

  it('stops continuing after continueMaxRounds and reports length', async () => {
    server.enqueue({ text: 'a', finishReason: 'length' }, { text: 'b', finishReason: 'length' });
    const { text, chunks } = await collect({ continueMaxRounds: 1 });
    assert.equal(text, 'ab');
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'length' });
    assert.equal(server.requests.length, 2);
  });

  it('a user cancel mid-stream ends promptly and is never retried', async () => {
    // A 10 s stream, cancelled once its first text arrived: it ends long before the stream would.
    server.enqueue({ text: 'x'.repeat(4000), chunkSize: 4, delayMs: 10 }, { text: 'must not be requested' });
    const controller = new AbortController();
    let aborted = 0;
    const onChunk = (chunk: ModelChunk) => { if (chunk.type === 'text' && !aborted) { aborted = Date.now(); controller.abort(); } };
    const { error, retries, text } = await collect({ signal: controller.signal, onChunk });
    assert.ok(aborted > 0 && Date.now() - aborted < 5000, `ended ${Date.now() - aborted} ms after the cancel`);
    assert.ok(text.length < 4000, 'the stream was cut short');
    assert.ok(error instanceof ModelError);
    assert.equal(error.kind, 'cancelled');
    assert.equal(retries.length, 0);
    assert.equal(server.requests.length, 1);
  });

  it('maps native tool-call deltas', async () => {
    server.enqueue({ toolCalls: [{ id: 'call_1', name: 'Read', arguments: '{"path":"src/a.ts"}' }], chunkSize: 4 });
    const { chunks } = await collect();
    const deltas = chunks.filter((c) => c.type === 'toolCallDelta') as Extract<ModelChunk, { type: 'toolCallDelta' }>[];
    assert.equal(deltas[0]!.name, 'Read');
    assert.equal(deltas[0]!.id, 'call_1');
    assert.equal(deltas.map((d) => d.argumentsDelta ?? '').join(''), '{"path":"src/a.ts"}');
    assert.deepEqual(chunks.at(-1), { type: 'finish', reason: 'tool_calls' });
  });

  it('reports an unreachable endpoint as a network error after retrying', async () => {
    const closed = await ScriptedModelServer.start();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const clock = recordingClock();
    const client = new OpenAiModelClient({ baseUrl, apiKey: 'k' });
    await assert.rejects(async () => {
      for await (const _ of resilientModelStream(client, request, { maxRetries: 1, continueMaxRounds: 0, clock, signal: new AbortController().signal })) { /* drain */ }
    }, (e: unknown) => e instanceof ModelError && e.kind === 'network' && /Cannot reach/.test(e.message));
    assert.deepEqual(clock.sleeps, [1000]);
  });
});

describe('a malformed codeagent.model.baseUrl', () => {
  for (const baseUrl of ['api.openai.com/v1', 'htp:/x', 'http:/localhost:1234/v1']) {
    it(`fails at once, without retries, naming the setting: ${baseUrl}`, async () => {
      const clock = recordingClock();
      const retries: unknown[] = [];
      const client = new OpenAiModelClient({ baseUrl, apiKey: 'k' });
      await assert.rejects(async () => {
        for await (const _ of resilientModelStream(client, request, { maxRetries: 3, continueMaxRounds: 0, clock, signal: new AbortController().signal, onRetry: (r) => retries.push(r) })) { /* drain */ }
      }, (e: unknown) => e instanceof ModelError && !e.retryable && /codeagent\.model\.baseUrl/.test(e.message));
      assert.deepEqual(clock.sleeps, []);
      assert.deepEqual(retries, []);
    });
  }
});
