import { strict as assert } from 'node:assert';
import type { ChatMessage, ModelChunk, ModelRequest, ProviderEcho } from '../../../../src/core/ports/modelClient';
import { AnthropicMessagesClient } from '../../../../src/node/anthropic/messagesClient';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { providerStream } from '../../../support/providerStreams';

/**
 * Recorded Anthropic streams (test/fixtures/providerStreams/anthropic-*.sse, sources.json) served byte for byte and
 * read through the official SDK as the client reads them: thinking with its signature, a redacted_thinking block,
 * parallel tool use, an `error` event, usage with the cache's reads, and the request after a step.
 */
describe('recorded Anthropic Messages streams (spec §3 `messages`)', () => {
  let server: ScriptedModelServer;
  let client: AnthropicMessagesClient;
  before(async () => {
    server = await ScriptedModelServer.start();
    client = new AnthropicMessagesClient({ baseUrl: server.baseUrl.replace(/\/v1$/, '/anthropic'), apiKey: 'k' });
  });
  after(() => server.close());
  beforeEach(() => server.reset());

  async function read(recording: string, request: Partial<ModelRequest> = {}): Promise<ModelChunk[]> {
    server.enqueue({ rawSse: providerStream(recording), delayMs: 1 });
    const chunks: ModelChunk[] = [];
    for await (const chunk of client.stream({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'hi' }], ...request }, new AbortController().signal)) chunks.push(chunk);
    return chunks;
  }
  const joined = (chunks: ModelChunk[], type: 'text' | 'reasoning') => chunks.flatMap((c) => (c.type === type ? [c.delta] : [])).join('');
  const echoOf = (chunks: ModelChunk[]) => chunks.find((c): c is Extract<ModelChunk, { type: 'echo' }> => c.type === 'echo')?.echo;
  const usageOf = (chunks: ModelChunk[]) => chunks.find((c): c is Extract<ModelChunk, { type: 'usage' }> => c.type === 'usage')?.usage;
  const finishOf = (chunks: ModelChunk[]) => chunks.find((c): c is Extract<ModelChunk, { type: 'finish' }> => c.type === 'finish')?.reason;

  it('claude-sonnet-5: the thinking streams as reasoning, its block and signature go back verbatim, ping skipped', async () => {
    const chunks = await read('anthropic-sonnet5-thinking-signature.sse', { model: 'claude-sonnet-5' });
    assert.match(joined(chunks, 'reasoning'), /^I'm working through the Euclidean algorithm.*21 as the greatest common divisor\.$/);
    assert.match(joined(chunks, 'text'), /^# Finding GCD\(1071, 462\)[\s\S]*462 = 21 × 22 ✓$/);
    const echo = echoOf(chunks)!;
    assert.equal(echo.producer, `messages ${server.baseUrl.replace(/\/v1$/, '/anthropic')} claude-sonnet-5`);
    const [block] = echo.items as { type: string; thinking: string; signature: string }[];
    assert.equal(block!.type, 'thinking');
    assert.equal(block!.thinking, joined(chunks, 'reasoning'));
    assert.match(block!.signature, /^EsECCokBCBAYAipA9i3H.*L4oPGAE=$/);
    assert.deepEqual(usageOf(chunks), { inputTokens: 47, outputTokens: 373, cachedInputTokens: 0, cacheWriteInputTokens: 0 });
    assert.equal(finishOf(chunks), 'stop');
  });

  it('claude-sonnet-4-5: text, then a tool_use whose input arrives as input_json_delta pieces', async () => {
    const chunks = await read('anthropic-sonnet45-text-tool-use.sse');
    assert.equal(joined(chunks, 'text'), 'Let me check.');
    const calls = chunks.filter((c): c is Extract<ModelChunk, { type: 'toolCallDelta' }> => c.type === 'toolCallDelta');
    assert.deepEqual(calls[0], { type: 'toolCallDelta', index: 1, id: 'toolu_01Ni1uw4HXYxUhc4iFMqx7yY', name: 'get_weather', argumentsDelta: undefined });
    assert.equal(calls.map((c) => c.argumentsDelta ?? '').join(''), '{"city": "San Francisco"}');
    assert.equal(echoOf(chunks), undefined, 'no thinking, nothing goes back beside the call');
    assert.equal(finishOf(chunks), 'tool_calls');
  });

  it('usage with cache reads: the last cumulative report counts, reads and writes in the input; server tools are no calls', async () => {
    const chunks = await read('anthropic-sonnet5-cache-read-server-tools.sse', { model: 'claude-sonnet-5' });
    assert.deepEqual(usageOf(chunks), { inputTokens: 6 + 3337 + 6289, outputTokens: 198, cachedInputTokens: 6289, cacheWriteInputTokens: 3337 });
    assert.equal(chunks.filter((c) => c.type === 'toolCallDelta').length, 0, 'bash_code_execution ran on Anthropic\'s side');
    assert.equal(joined(chunks, 'text'), 'The sum of the squares of the numbers 1 through 12 is **650**.');
  });

  it('redacted thinking and parallel tool use: both blocks go back in order, both calls by their index', async () => {
    const chunks = await read('anthropic-redacted-thinking-parallel-tools-synthetic.sse');
    const items = echoOf(chunks)!.items as { type: string; data?: string; signature?: string }[];
    assert.deepEqual(items.map((i) => i.type), ['redacted_thinking', 'thinking']);
    assert.match(items[0]!.data!, /^EmwKAhgB/);
    assert.equal(items[1]!.signature, 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds');
    const byIndex = new Map<number, string>();
    for (const c of chunks) if (c.type === 'toolCallDelta') byIndex.set(c.index, (byIndex.get(c.index) ?? '') + (c.argumentsDelta ?? ''));
    assert.deepEqual([...byIndex.values()], ['{"path": "src/a.ts"}', '{"path": "src/b.ts"}']);
    assert.equal(usageOf(chunks)!.cachedInputTokens, 4096);
  });

  it('an overloaded_error event before the first token is a retryable server error with the API\'s own words', async () => {
    await assert.rejects(read('anthropic-overloaded-error-event-synthetic.sse'), (error: { kind?: string; retryable?: boolean; message?: string }) => {
      assert.equal(error.kind, 'server');
      assert.equal(error.retryable, true);
      assert.equal(error.message, 'The model failed (overloaded_error): Overloaded');
      return true;
    });
  });

  it('the request after a thinking step carries its thinking block first, signature unchanged, and the result first in the next user message', async () => {
    const chunks = await read('anthropic-redacted-thinking-parallel-tools-synthetic.sse', { model: 'claude-haiku-4-5', reasoningEffort: 'high' });
    const echo = echoOf(chunks) as ProviderEcho;
    const user: ChatMessage = { role: 'user', content: 'Read a and b.' };
    const assistant: ChatMessage = { role: 'assistant', content: '', echo, toolCalls: [
      { id: 'toolu_01A09q90qw90lq917835lq9', name: 'Read', arguments: '{"path":"src/a.ts"}' }, { id: 'toolu_01B7qZxv5UeGj4mLtRsq3nPw', name: 'Read', arguments: '{"path":"src/b.ts"}' }] };
    const results: ChatMessage[] = [{ role: 'tool', toolCallId: 'toolu_01A09q90qw90lq917835lq9', content: '[success] a' }, { role: 'tool', toolCallId: 'toolu_01B7qZxv5UeGj4mLtRsq3nPw', content: '[error] no such file' }];
    server.enqueue({ text: 'Done.' });
    for await (const _ of client.stream({ model: 'claude-haiku-4-5', reasoningEffort: 'high', messages: [user, assistant, ...results] }, new AbortController().signal)) { /* drained */ }
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: Record<string, unknown>[] }[]; thinking: unknown };
    assert.deepEqual(body.thinking, { type: 'enabled', budget_tokens: 7168 });
    assert.equal(server.requests.at(-1)!.headers['anthropic-beta'], 'interleaved-thinking-2025-05-14', 'Claude 4 thinks between tool calls when asked');
    assert.deepEqual(body.messages[1]!.content.map((b) => b.type), ['redacted_thinking', 'thinking', 'tool_use', 'tool_use']);
    assert.deepEqual(body.messages[1]!.content.slice(0, 2), echo.items);
    assert.deepEqual(body.messages[2]!.content.map((b) => [b.type, b.tool_use_id, b.is_error]), [['tool_result', 'toolu_01A09q90qw90lq917835lq9', undefined], ['tool_result', 'toolu_01B7qZxv5UeGj4mLtRsq3nPw', true]]);
  });

  it('spec §21: the Memory tool goes to Claude as Anthropic\'s memory_20250818, under its beta', async () => {
    server.enqueue({ text: 'Noted.' });
    const tools = [{ name: 'Memory', description: 'memory', parameters: { type: 'object', properties: {} }, anthropicNative: { type: 'memory_20250818', name: 'memory' } }];
    for await (const _ of client.stream({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'remember it' }], tools }, new AbortController().signal)) { /* drained */ }
    const request = server.requests.at(-1)!;
    assert.deepEqual((request.body as { tools: Record<string, unknown>[] }).tools.map(({ type, name }) => ({ type, name })), [{ type: 'memory_20250818', name: 'memory' }]);
    assert.equal(request.headers['anthropic-beta'], 'context-management-2025-06-27');
  });
});
