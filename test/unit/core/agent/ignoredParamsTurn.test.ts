import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

/** Spec §3: an xml call with a parameter the tool does not take runs, and its result names what was ignored. */
describe('A turn whose xml call carries a parameter the tool does not take', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'line 1\nline 2\nline 3\n' });

  it('runs the Read without the parameter and tells the model it was ignored', async () => {
    scripted.server.enqueue(
      { text: 'Reading.\n<Read><path>src/a.ts</path><reason>to see x</reason><limit>2</limit></Read>', chunkSize: 7 },
      { text: 'Done.' },
    );
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { toolProtocol: 'xml' } });
    const events: AgentEvent[] = [];
    assert.equal(await session.send('show a', (e) => events.push(e)), 'answered');

    const call = events.find((e): e is Extract<AgentEvent, { type: 'toolCall' }> => e.type === 'toolCall' && !e.partial);
    assert.deepEqual(call?.params, { path: 'src/a.ts', limit: '2' });
    const result = events.find((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult');
    assert.equal(result?.status, 'success');

    const sent = scripted.server.requests[1]!.body.messages as { role: string; content: string }[];
    const toolResult = sent.at(-1)!.content;
    assert.match(toolResult, /^<tool_result tool="Read" status="success">/);
    assert.match(toolResult, /line 2/);
    assert.doesNotMatch(toolResult, /line 3/, 'limit was applied');
    assert.match(toolResult, /Note: the parameter reason is not one of Read's and was ignored\./);
  });

  it('adds no note to a call without such a parameter', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'Done.' });
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { toolProtocol: 'xml' } });
    await session.send('show a', () => {});
    const sent = scripted.server.requests[1]!.body.messages as { role: string; content: string }[];
    assert.doesNotMatch(sent.at(-1)!.content, /ignored/);
  });
});
