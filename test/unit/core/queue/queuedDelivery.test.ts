import { strict as assert } from 'node:assert';
import { AgentSession } from '../../../../src/core/session/agentSession';
import type { AgentEvent } from '../../../../src/core/events';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

type Sent = { role: string; content: string; tool_call_id?: string; tool_calls?: unknown[] };

describe('A queued message reaches the running turn at its next model request (spec §16)', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  const session = (toolProtocol: 'native' | 'xml') => scriptedAgentSession(scripted.server, scripted.ws.root, { model: { toolProtocol } }).session;

  /** Runs a turn whose first step reads a file; `steer` is queued as soon as that call is complete. */
  async function steeredTurn(s: AgentSession, steer: string) {
    const events: AgentEvent[] = [];
    const end = await s.send('look at a', (e) => {
      events.push(e);
      if (e.type === 'toolCall' && !e.partial) s.queue.add(steer);
    });
    const requests = scripted.server.requests.map((r) => r.body.messages as Sent[]);
    return { events, end, requests };
  }

  it('native tool calling: the message follows the tool result as a user message; the earlier request is a prefix', async () => {
    scripted.server.enqueue({ toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"src/a.ts"}' }] }, { text: 'Looked at b instead.' });
    const s = session('native');
    const { events, end, requests } = await steeredTurn(s, 'actually, look at b');
    assert.equal(end, 'answered');
    assert.equal(requests.length, 2);
    const [first, second] = requests as [Sent[], Sent[]];
    assert.deepEqual(second.slice(-3).map((m) => m.role), ['assistant', 'tool', 'user']);
    assert.equal(second.at(-2)!.tool_call_id, 'c1');
    assert.equal(second.at(-1)!.content, 'actually, look at b');
    assert.deepEqual(second.slice(0, first.length), first, 'the first request is a prefix of the second: the cache stays valid');
    assert.deepEqual(s.messages.map((m) => [m.kind, m.role]), [['user', 'user'], ['assistant', 'assistant'], ['toolResult', 'tool'], ['user', 'user'], ['assistant', 'assistant']]);
    assert.equal(s.messages[3]!.content, 'actually, look at b');
    assert.equal(s.queue.size, 0);
    const order = events.map((e) => e.type).filter((t) => t === 'toolResult' || t === 'queuedMessageDelivered');
    assert.deepEqual(order, ['toolResult', 'queuedMessageDelivered']);
  });

  it('xml: the message follows the <tool_result> user message, and the next turn sees it in history', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'Done.' }, { text: 'Again.' });
    const s = session('xml');
    const { requests } = await steeredTurn(s, 'and say done');
    const second = requests[1]!;
    assert.match(second.at(-2)!.content, /^<tool_result tool="Read" status="success">/);
    assert.deepEqual(second.at(-1), { role: 'user', content: 'and say done' });
    await s.send('next', () => {});
    const third = scripted.server.requests[2]!.body.messages as Sent[];
    // History keeps compressed tool results, so the next turn's request differs there, but the order is the same.
    const at = third.findIndex((m) => m.content === 'and say done');
    assert.match(third[at - 1]!.content, /^<tool_result tool="Read"/);
    assert.deepEqual(third.slice(at + 1).map((m) => m.content), ['Done.', 'next']);
  });

  it('a message queued while the last answer streams is not taken by that turn: it waits for the next turn', async () => {
    scripted.server.enqueue({ text: 'An answer in pieces.', chunkSize: 3, delayMs: 5 });
    const s = session('native');
    let queued = false;
    await s.send('question', (e) => {
      if (e.type === 'text' && !queued) {
        queued = true;
        s.queue.add('later');
      }
    });
    assert.equal(scripted.server.requests.length, 1);
    assert.deepEqual(s.queue.messages.map((m) => m.text), ['later']);
    assert.ok(!s.messages.some((m) => m.content === 'later'));
  });

  it('a turn that took a queued message and then failed offers no Retry (its message is no longer the last)', async () => {
    scripted.server.enqueue({ toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"src/a.ts"}' }] }, { fault: { kind: 'http', status: 400 } });
    const s = session('native');
    const { end, events } = await steeredTurn(s, 'steer');
    assert.equal(end, 'error');
    const ended = events.find((e) => e.type === 'turnEnded') as Extract<AgentEvent, { type: 'turnEnded' }>;
    assert.equal(ended.retryable, undefined);
  });
});
