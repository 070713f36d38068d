import { strict as assert } from 'node:assert';
import { AgentSession } from '../../../../src/core/session/agentSession';
import { decodeConversation, encodeConversation } from '../../../../src/core/conversation/conversationCodec';
import { Settings } from '../../../../src/core/settings';
import type { AgentSessionDeps } from '../../../../src/core/session/agentSessionDeps';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

interface WireCall { id: string; function: { name: string }; extra_content?: { google?: { thought_signature?: string } } }
interface WireMessage { role: string; content: unknown; reasoning_content?: string; reasoning_details?: unknown[]; tool_calls?: WireCall[]; tool_call_id?: string }

const readCall = (id: string) => ({ id, name: 'Read', arguments: '{"path":"src/a.ts"}' });

/** Spec §3 "What goes back": reasoning and signatures return to their provider, and only to it. */
describe('reasoning and signatures go back to the model that made them (spec §3)', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  /** A native session whose model can be switched between turns, as the picker does. */
  function switchable(model: string, extra: Partial<AgentSessionDeps> = {}) {
    let current = model;
    const settings = () => Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: current, toolProtocol: 'native' } });
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: { settings, ...extra } });
    return { session, use: (name: string) => { current = name; } };
  }
  const sent = (n: number) => scripted.server.requests[n]!.body.messages as WireMessage[];
  const assistants = (n: number) => sent(n).filter((m) => m.role === 'assistant');

  it('DeepSeek: the reasoning of a tool call goes back on its message in the same turn and in the next one', async () => {
    scripted.server.enqueue(
      { reasoning: 'I should read a.ts first.', toolCalls: [readCall('call_1')] },
      { reasoning: 'It exports a.', text: 'a is 1.' },
      { text: 'Yes.' },
    );
    const { session } = switchable('deepseek-v4-flash');
    assert.equal(await session.send('what is a?', () => {}), 'answered');
    assert.deepEqual(assistants(1).map((m) => m.reasoning_content), ['I should read a.ts first.']);
    assert.equal(await session.send('sure?', () => {}), 'answered');
    assert.deepEqual(assistants(2).map((m) => m.reasoning_content), ['I should read a.ts first.', 'It exports a.']);
  });

  it('a reload keeps the reasoning and the signatures: the stored conversation carries them back', async () => {
    scripted.server.enqueue(
      { rawSse: geminiSignedCall('c1', 'sig-AAA') },
      { text: 'a is 1.' },
      { text: 'Yes.' },
    );
    const { session } = switchable('gemini-3-pro-preview');
    assert.equal(await session.send('what is a?', () => {}), 'answered');
    const stored = decodeConversation(encodeConversation(session.toConversation([])));
    assert.equal(stored.kind, 'ok');
    const settings = () => Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'gemini-3-pro-preview', toolProtocol: 'native' } });
    const reopened = new AgentSession({ ...scriptedAgentSession(scripted.server, scripted.ws.root).session['deps'], settings }, stored.kind === 'ok' ? stored.conversation : undefined);
    assert.equal(await reopened.send('sure?', () => {}), 'answered');
    assert.equal(assistants(2)[0]!.tool_calls![0]!.extra_content?.google?.thought_signature, 'sig-AAA');
  });

  it('Gemini: a signed call keeps its extra_content verbatim, on the same call, in the next step', async () => {
    scripted.server.enqueue({ rawSse: geminiSignedCall('c1', 'sig-AAA') }, { text: 'a is 1.' });
    const { session } = switchable('gemini-3-pro-preview');
    assert.equal(await session.send('what is a?', () => {}), 'answered');
    const [assistant] = assistants(1);
    assert.deepEqual(assistant!.tool_calls!.map((c) => [c.function.name, c.extra_content]), [['Read', { google: { thought_signature: 'sig-AAA' } }]]);
  });

  it('switching model forwards no reasoning or signature; the new provider gets its own placeholder instead', async () => {
    scripted.server.enqueue(
      { reasoning: 'Reading first.', toolCalls: [readCall('call_1')] },
      { text: 'a is 1.' },
      { text: 'Gemini here.' },
      { text: 'Kimi here.' },
    );
    const chat = switchable('deepseek-v4-flash');
    await chat.session.send('what is a?', () => {});
    chat.use('gemini-3-pro-preview');
    await chat.session.send('and now?', () => {});
    const [toGemini] = assistants(2);
    assert.equal(toGemini!.reasoning_content, undefined, 'DeepSeek\'s reasoning never reaches Gemini');
    assert.equal(toGemini!.tool_calls![0]!.extra_content?.google?.thought_signature, 'skip_thought_signature_validator');
    chat.use('kimi-k2-thinking');
    await chat.session.send('and Kimi?', () => {});
    assert.equal(assistants(3)[0]!.reasoning_content, ' ', 'Kimi refuses "" as missing');
    assert.equal(assistants(3)[0]!.tool_calls![0]!.extra_content, undefined, 'a Gemini signature would not go to Kimi either');
  });

  it('DeepSeek gets "" on an assistant message it did not write (another model made the tool call)', async () => {
    scripted.server.enqueue({ toolCalls: [readCall('call_1')] }, { text: 'a is 1.' }, { text: 'DeepSeek here.' });
    const chat = switchable('gpt-5-mini');
    await chat.session.send('what is a?', () => {});
    assert.equal(assistants(1)[0]!.reasoning_content, undefined, 'OpenAI gets no DeepSeek placeholder');
    chat.use('deepseek-v4-pro');
    await chat.session.send('and now?', () => {});
    assert.deepEqual(assistants(2).map((m) => m.reasoning_content), ['', '']);
  });

  it('Mistral after another model: ids become 9 characters of [a-zA-Z0-9], the same in the call and its result, and no user message follows a tool message', async () => {
    scripted.server.enqueue(
      { toolCalls: [readCall('call_abc_1'), { id: 'call_abc_2', name: 'LS', arguments: '{"path":"."}' }] },
      { text: 'done' },
      { text: 'Mistral here.' },
    );
    const chat = switchable('gpt-5-mini');
    await chat.session.send('look around', () => {});
    chat.use('mistral-large-latest');
    await chat.session.send('and now?', () => {});
    const messages = sent(2);
    const ids = messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
    const results = messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    assert.equal(ids.length, 2);
    for (const id of ids) assert.match(id, /^[a-zA-Z0-9]{9}$/);
    assert.notEqual(ids[0], ids[1]);
    assert.deepEqual(results, ids);
    messages.forEach((m, i) => assert.ok(!(m.role === 'user' && messages[i - 1]?.role === 'tool'), `message ${i} is a user message right after a tool message`));
  });

  it('OpenRouter: reasoning_details merged by index go back unmodified, with the reasoning text', async () => {
    scripted.server.enqueue({ rawSse: openRouterClaudeReasoning() }, { text: 'a is 1.' });
    const { session } = switchable('anthropic/claude-sonnet-4.5');
    assert.equal(await session.send('what is a?', () => {}), 'answered');
    const [assistant] = assistants(1) as (WireMessage & { reasoning?: string })[];
    assert.equal(assistant!.reasoning, 'Let me read it.');
    assert.deepEqual(assistant!.reasoning_details, [{ type: 'reasoning.text', text: 'Let me read it.', signature: 'sig-claude', format: 'anthropic-claude-v1', index: 0 }]);
  });
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'r1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** As Gemini 3's OpenAI-compatible endpoint streams a call: whole in one chunk, no index, signed, ending on "stop". */
function geminiSignedCall(id: string, signature: string): string {
  return [
    chunk({ role: 'assistant', tool_calls: [{ id, type: 'function', function: { name: 'Read', arguments: '{"path":"src/a.ts"}' }, extra_content: { google: { thought_signature: signature } } }] }),
    chunk({ role: 'assistant' }, 'stop'),
    'data: [DONE]\n\n',
  ].join('');
}

/** As OpenRouter streams Claude's thinking: text pieces, then a signature-only detail at the same index. */
function openRouterClaudeReasoning(): string {
  const detail = (extra: Record<string, unknown>) => ({ type: 'reasoning.text', format: 'anthropic-claude-v1', index: 0, ...extra });
  return [
    chunk({ role: 'assistant', content: '', reasoning: 'Let me ', reasoning_details: [detail({ text: 'Let me ' })] }),
    chunk({ content: '', reasoning: 'read it.', reasoning_details: [detail({ text: 'read it.' })] }),
    chunk({ content: '', reasoning_details: [detail({ text: '', signature: 'sig-claude' })] }),
    chunk({ tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'Read', arguments: '{"path":"src/a.ts"}' } }] }),
    chunk({}, 'tool_calls'),
    'data: [DONE]\n\n',
  ].join('');
}
