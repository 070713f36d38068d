import { strict as assert } from 'node:assert';
import type { ChatMessage, ModelChunk, ProviderEcho } from '../../../src/core/ports/modelClient';
import { OpenAiResponsesClient } from '../../../src/node/openaiResponsesClient';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { providerStream } from '../../support/providerStreams';

interface InputItem { type?: string; id?: string; role?: string; call_id?: string; encrypted_content?: string; output?: string; summary?: unknown[] }

/**
 * A real Responses API stream (gpt-5.1-codex-max, `store: false`, reasoning with encrypted content, then a function
 * call) replayed byte for byte, and the request built after it: the reasoning item goes back verbatim before its call.
 */
describe('a recorded OpenAI Responses stream and the request after it (spec §3 "What goes back")', () => {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  it('reads the summary as thinking and the call, and sends the reasoning item back, encrypted, before its call', async () => {
    const recording = providerStream('openai-responses-codex-reasoning-tool-call.sse');
    server.enqueue({ rawSse: recording, delayMs: 1 }, { text: 'The sum is 19.' });
    const client = new OpenAiResponsesClient({ baseUrl: server.baseUrl, apiKey: 'k' });
    const chunks: ModelChunk[] = [];
    const user: ChatMessage = { role: 'user', content: 'What is (12 + 7) * 3 * 10?' };
    for await (const chunk of client.stream({ model: 'gpt-5.1-codex-max', messages: [user] }, new AbortController().signal)) chunks.push(chunk);

    const thinking = chunks.flatMap((c) => (c.type === 'reasoning' ? [c.delta] : [])).join('');
    assert.equal(thinking, "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.");
    const call = chunks.filter((c) => c.type === 'toolCallDelta');
    assert.equal(call.map((c) => c.type === 'toolCallDelta' ? c.argumentsDelta ?? '' : '').join(''), '{"a":12,"b":7,"op":"add"}');
    assert.ok(call.some((c) => c.type === 'toolCallDelta' && c.id === 'call_AB6AaRZ1FYZB2RwS6A5vbdqn' && c.name === 'calculator'));
    const usage = chunks.find((c) => c.type === 'usage');
    assert.deepEqual(usage?.type === 'usage' ? [usage.usage.inputTokens, usage.usage.outputTokens] : [], [134, 28]);
    const echo = chunks.find((c): c is Extract<ModelChunk, { type: 'echo' }> => c.type === 'echo')?.echo as ProviderEcho;
    assert.ok(echo?.items?.length, 'the reasoning item is kept');

    const assistant: ChatMessage = { role: 'assistant', content: '', toolCalls: [{ id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', name: 'calculator', arguments: '{"a":12,"b":7,"op":"add"}' }], echo };
    const result: ChatMessage = { role: 'tool', toolCallId: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', content: '[success] 19' };
    for await (const _ of client.stream({ model: 'gpt-5.1-codex-max', messages: [user, assistant, result] }, new AbortController().signal)) { /* drained */ }

    const input = server.requests[1]!.body.input as InputItem[];
    const types = input.map((i) => i.type ?? i.role);
    const reasoning = input.findIndex((i) => i.type === 'reasoning');
    const fnCall = input.findIndex((i) => i.type === 'function_call');
    const output = input.findIndex((i) => i.type === 'function_call_output');
    assert.ok(reasoning >= 0 && reasoning < fnCall && fnCall < output, `reasoning, call, output in order: ${types.join(', ')}`);
    const recorded = recording.split('\n').find((line) => line.includes('"response.output_item.done"') && line.includes('"type":"reasoning"'))!;
    const recordedItem = JSON.parse(recorded.slice('data: '.length)).item as InputItem;
    assert.equal(input[reasoning]!.id, recordedItem.id);
    assert.equal(input[reasoning]!.encrypted_content, recordedItem.encrypted_content, 'verbatim, as the stream gave it');
    assert.equal(input[output]!.call_id, 'call_AB6AaRZ1FYZB2RwS6A5vbdqn');
  });
});
