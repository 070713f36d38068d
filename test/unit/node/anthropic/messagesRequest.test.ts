import { strict as assert } from 'node:assert';
import type { ChatMessage, ModelRequest, ProviderEcho, ToolSpec } from '../../../../src/core/ports/modelClient';
import { cacheMarksIn, withCacheBreakpoints } from '../../../../src/node/anthropic/cacheBreakpoints';
import { chatParams } from '../../../../src/node/openai/chatRequest';
import { responsesParams } from '../../../../src/node/openai/responsesRequest';
import { messagesBody } from '../../../../src/node/anthropic/messagesRequest';
import type { WireBlock } from '../../../../src/node/anthropic/messagesWire';
import { takesAdaptiveThinking, thinkingParams } from '../../../../src/node/anthropic/thinkingConfig';
import { MessagesLedger } from '../../../fixtures/scriptedModel/messagesLedger';
import { messagesRuleViolation } from '../../../fixtures/scriptedModel/messagesRules';

const producer = 'messages https://api.anthropic.com claude-haiku-4-5';
const read: ToolSpec = { name: 'Read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } };
const memory: ToolSpec = { name: 'Memory', description: 'Memory', parameters: { type: 'object' }, anthropicNative: { type: 'memory_20250818', name: 'memory' } };
const thinking = (text: string, signature: string): WireBlock => ({ type: 'thinking', thinking: text, signature });
const echo = (...items: WireBlock[]): ProviderEcho => ({ producer, items });
const call = (id: string, args = '{"path":"a.ts"}') => ({ id, name: 'Read', arguments: args });
const request = (messages: ChatMessage[], extra: Partial<ModelRequest> = {}): ModelRequest => ({ model: 'claude-haiku-4-5', messages, tools: [read], ...extra });
const body = (messages: ChatMessage[], extra: Partial<ModelRequest> = {}) => messagesBody(request(messages, extra), producer);

describe('the Messages API request (spec §3 `messages`)', () => {
  it('system on top, tools with input_schema, max_tokens always, no temperature, the native tool declared by its own type and name', () => {
    const sent = body([{ role: 'system', content: 'L1' }, { role: 'system', content: 'L2' }, { role: 'user', content: 'hi' }], { tools: [read, memory] });
    assert.deepEqual(sent.system?.map((b) => b.text), ['L1', 'L2']);
    assert.equal(sent.max_tokens, 8192);
    assert.equal('temperature' in sent, false);
    assert.deepEqual(sent.tools?.map((t) => ({ ...t, cache_control: undefined })), [
      { name: 'Read', description: 'Read a file', input_schema: read.parameters, cache_control: undefined },
      { type: 'memory_20250818', name: 'memory', cache_control: undefined },
    ]);
    const memoryCall = body([{ role: 'user', content: 'remember' }, { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_m', name: 'Memory', arguments: '{"command":"view"}' }] }, { role: 'tool', toolCallId: 'toolu_m', content: '[success] (empty)' }], { tools: [read, memory] });
    assert.equal(memoryCall.messages[1]!.content[0]!.name, 'memory', 'the call goes back under Anthropic\'s name');
  });

  it('tool results are tool_result blocks first in the next user message (is_error when failed, images inside); roles merged; no empty text block', () => {
    const image = { id: 'i', name: 'a.png', mimeType: 'image/png', width: 1, height: 1, bytes: 3, dataUrl: 'data:image/png;base64,AAAA' };
    const sent = body([
      { role: 'user', content: 'look' },
      { role: 'assistant', content: '   ', toolCalls: [call('toolu_1'), call('toolu_2')] },
      // A message that arrived between the call and its results (a steer) still follows them.
      { role: 'user', content: 'and hurry' },
      { role: 'tool', toolCallId: 'toolu_1', content: '[success] a = 1', images: [image] },
      { role: 'tool', toolCallId: 'toolu_2', content: '[error] no such file' },
      { role: 'user', content: '' },
    ]);
    assert.deepEqual(sent.messages.map((m) => m.role), ['user', 'assistant', 'user']);
    assert.deepEqual(sent.messages[1]!.content.map((b) => b.type), ['tool_use', 'tool_use'], 'the blank text is not sent');
    const results = sent.messages[2]!.content;
    assert.deepEqual(results.map((b) => b.type), ['tool_result', 'tool_result', 'text']);
    assert.equal(results[0]!.is_error, undefined);
    assert.equal(results[1]!.is_error, true);
    assert.deepEqual((results[0]!.content as WireBlock[]).map((b) => b.type), ['text', 'image']);
    assert.deepEqual((results[0]!.content as WireBlock[])[1]!.source, { type: 'base64', media_type: 'image/png', data: 'AAAA' });
    assert.equal(messagesRuleViolation(sent, new MessagesLedger()), undefined, 'Anthropic would take it');
  });

  it('thinking blocks go back verbatim and first, only to their producer; thinking stays off where the open turn has none', () => {
    const own = echo({ type: 'redacted_thinking', data: 'EmwK' }, thinking('Read a.', 'sig-1'));
    const history: ChatMessage[] = [{ role: 'user', content: 'a?' }, { role: 'assistant', content: 'Reading.', echo: own, toolCalls: [call('toolu_1')] }, { role: 'tool', toolCallId: 'toolu_1', content: '[success] 1' }];
    const sent = body(history, { reasoningEffort: 'medium' });
    assert.deepEqual(sent.messages[1]!.content.slice(0, 2), own.items);
    assert.deepEqual(sent.thinking, { type: 'enabled', budget_tokens: 7168 });
    const elsewhere = messagesBody(request(history, { reasoningEffort: 'medium', model: 'claude-opus-4-6' }), 'messages https://api.anthropic.com claude-opus-4-6');
    assert.deepEqual(elsewhere.messages[1]!.content.map((b) => b.type), ['text', 'tool_use'], 'another model\'s thinking is not sent');
    assert.equal(elsewhere.thinking, undefined, 'and its open turn cannot have thinking on');
    const nextTurn = body([...history, { role: 'assistant', content: 'a is 1.' }, { role: 'user', content: 'b?' }], { reasoningEffort: 'medium' });
    assert.equal(nextTurn.thinking?.type, 'enabled', 'a new turn thinks again');
  });

  it('tool-use ids another provider made are rewritten to Anthropic\'s pattern, the same in the call and its result', () => {
    const sent = body([{ role: 'user', content: 'x' }, { role: 'assistant', content: '', toolCalls: [call('functions.Read:0'), call('call_ok-1')] },
      { role: 'tool', toolCallId: 'functions.Read:0', content: '[success] 1' }, { role: 'tool', toolCallId: 'call_ok-1', content: '[success] 2' }]);
    const ids = sent.messages[1]!.content.map((b) => String(b.id));
    assert.deepEqual(ids, ['toolu_functions_Read_0', 'call_ok-1']);
    assert.deepEqual(sent.messages[2]!.content.map((b) => b.tool_use_id), ids);
  });

  it('effort: adaptive with output_config.effort on Claude 4.6 and later, else a budget below max_tokens; none turns it off', () => {
    assert.ok(takesAdaptiveThinking('claude-opus-4-6') && takesAdaptiveThinking('claude-sonnet-5') && takesAdaptiveThinking('claude-opus-4-8-20261001'));
    assert.ok(!takesAdaptiveThinking('claude-sonnet-4-5-20250929') && !takesAdaptiveThinking('claude-haiku-4-5') && !takesAdaptiveThinking('deepseek-v4-pro'));
    assert.deepEqual(thinkingParams('claude-opus-4-7', 'max', 8192), { thinking: { type: 'adaptive' }, output_config: { effort: 'max' } });
    assert.deepEqual(thinkingParams('claude-haiku-4-5', 'low', 64_000), { thinking: { type: 'enabled', budget_tokens: 2048 } });
    assert.deepEqual(thinkingParams('kimi-k2.5', 'max', 64_000), { thinking: { type: 'enabled', budget_tokens: 32_000 } });
    assert.deepEqual(thinkingParams('claude-haiku-4-5', 'high', 1500), {}, 'no budget of 1,024 fits below max_tokens');
    assert.deepEqual(thinkingParams('claude-haiku-4-5', 'none', 8192), { thinking: { type: 'disabled' } });
    assert.deepEqual(thinkingParams('claude-haiku-4-5', 'default', 8192), {});
  });

  it('a continued reply: the prefix keeps its thinking first and loses its trailing white space', () => {
    const own = echo(thinking('Plan.', 'sig'));
    const sent = body([{ role: 'user', content: 'write' }, { role: 'assistant', content: 'Part one \n', echo: own }], { reasoningEffort: 'low' });
    assert.deepEqual(sent.messages[1]!.content, [thinking('Plan.', 'sig'), { type: 'text', text: 'Part one' }]);
    assert.equal(sent.thinking?.type, 'enabled');
  });
});

describe('cache breakpoints (spec §3: at most 4)', () => {
  const steps = (n: number): ChatMessage[] => [{ role: 'system', content: 'L1' }, { role: 'user', content: 'go' },
    ...Array.from({ length: n }, (_, i): ChatMessage[] => [{ role: 'assistant', content: '', toolCalls: [call(`toolu_${i}`)] }, { role: 'tool', toolCallId: `toolu_${i}`, content: `[success] ${i}` }]).flat()];

  it('the last tool, the system prompt and the last two user messages; never more than 4 however long the conversation', () => {
    for (const n of [0, 1, 5, 30]) {
      const sent = body(steps(n));
      assert.ok(cacheMarksIn(sent) >= 1 && cacheMarksIn(sent) <= 4, `${n} steps: ${cacheMarksIn(sent)} marks`);
      assert.ok(sent.tools!.at(-1)!.cache_control && sent.system!.at(-1)!.cache_control);
      const markedUsers = sent.messages.flatMap((m, i) => (m.content.some((b) => b.cache_control) ? [i] : []));
      assert.deepEqual(markedUsers, sent.messages.flatMap((m, i) => (m.role === 'user' ? [i] : [])).slice(-2));
    }
  });

  it('never on a thinking block or blank text, and the body given is left as it was', () => {
    const plain = { model: 'm', max_tokens: 10, stream: true as const, messages: [{ role: 'user' as const, content: [{ type: 'text', text: 'a' }, { type: 'text', text: ' ' }] }] };
    const marked = withCacheBreakpoints(plain);
    assert.deepEqual(marked.messages[0]!.content.map((b) => Boolean(b.cache_control)), [true, false]);
    assert.equal(cacheMarksIn(plain), 0);
  });

  it('the scripted server refuses a fifth mark with Anthropic\'s text', () => {
    const sent = body(steps(2));
    sent.messages.forEach((m) => { if (m.role === 'user') m.content.at(-1)!.cache_control = { type: 'ephemeral' }; });
    assert.equal(messagesRuleViolation(sent, new MessagesLedger()), 'A maximum of 4 blocks with cache_control may be provided. Found 5.');
  });
});

describe('switching between the Messages API and the OpenAI APIs (spec §3)', () => {
  const own = echo(thinking('Read a.', 'sig-1'));
  const history: ChatMessage[] = [{ role: 'user', content: 'a?' }, { role: 'assistant', content: '', echo: own, toolCalls: [call('toolu_1')] }, { role: 'tool', toolCallId: 'toolu_1', content: '[success] 1' }];

  it('Claude\'s thinking never goes to a chat-completions or Responses model, and their calls come back to Claude', () => {
    const chat = JSON.stringify(chatParams('https://api.openai.com/v1', request(history, { model: 'gpt-5-mini' })));
    const responses = JSON.stringify(responsesParams(request(history, { model: 'gpt-5.1-codex' }), 'responses https://api.openai.com/v1 gpt-5.1-codex'));
    for (const wire of [chat, responses]) assert.ok(!wire.includes('sig-1') && !wire.includes('Read a.'), wire);
    const back = body([...history, { role: 'assistant', content: 'a is 1', echo: { producer: 'chat https://api.openai.com/v1 gpt-5-mini', fields: { reasoning_content: 'x' } }, toolCalls: [call('call:9|x')] },
      { role: 'tool', toolCallId: 'call:9|x', content: '[success] 2' }, { role: 'user', content: 'and now?' }], { reasoningEffort: 'high' });
    assert.equal(messagesRuleViolation(back, new MessagesLedger()), 'messages.1.content.0: Invalid `signature` in `thinking` block', 'the scripted server checks signatures it made; the rest passed');
    assert.deepEqual(back.messages[3]!.content.map((b) => b.type), ['text', 'tool_use'], 'the chat model\'s reasoning stays behind');
    assert.match(String(back.messages[3]!.content[1]!.id), /^[a-zA-Z0-9_-]+$/);
  });
});
