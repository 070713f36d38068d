import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { providerStream } from '../../../support/providerStreams';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

/** Whole turns over recorded provider streams: what the user sees and what history keeps (spec §3). */
describe('AgentSession over recorded provider streams', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'README.md': '# demo\n' });

  const session = (toolProtocol: 'xml' | 'native') => scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'recorded', toolProtocol } }).session;

  const deltas = (events: AgentEvent[], type: 'thinking' | 'text') =>
    events.flatMap((e) => (e.type === type ? [e.delta] : [])).join('');

  for (const protocol of ['xml', 'native'] as const) {
    it(`a Mistral thinking stream (content arrays) shows its thinking and its answer, and history keeps the answer (${protocol})`, async () => {
      scripted.server.enqueue({ rawSse: providerStream('mistral-small-thinking-mixed.sse') });
      const s = session(protocol);
      const events: AgentEvent[] = [];
      assert.equal(await s.send('what is 17 * 23?', (e) => events.push(e)), 'answered');
      assert.match(deltas(events, 'thinking'), /^Okay, the user is asking for the product of 17 and 23\./);
      assert.equal(deltas(events, 'text'), '391');
      assert.deepEqual(s.messages.map((m) => [m.role, m.content]), [['user', 'what is 17 * 23?'], ['assistant', '391']]);
      assert.equal(s.messages[1]!.usage?.inputTokens, 28);
    });

    it(`an OpenAI refusal is the answer, marked refused, and stays in history for the next request (${protocol})`, async () => {
      scripted.server.enqueue({ rawSse: providerStream('openai-refusal.sse') }, { text: 'Fine.' });
      const s = session(protocol);
      const events: AgentEvent[] = [];
      assert.equal(await s.send('do the bad thing', (e) => events.push(e)), 'answered');
      const refusal = "I'm sorry, I can't assist with that request.";
      const texts = events.filter((e): e is Extract<AgentEvent, { type: 'text' }> => e.type === 'text');
      assert.equal(texts.map((e) => e.delta).join(''), refusal);
      assert.ok(texts.every((e) => e.refusal === true), 'every piece of it is marked as a refusal');
      assert.deepEqual(s.messages.map((m) => [m.role, m.content]), [['user', 'do the bad thing'], ['assistant', refusal]]);

      await s.send('ok, something else', () => {});
      const sent = scripted.server.requests[1]!.body.messages as { role: string; content: string }[];
      assert.deepEqual(sent.slice(1).map((m) => [m.role, m.content]), [['user', 'do the bad thing'], ['assistant', refusal], ['user', 'ok, something else']]);
    });
  }
});
