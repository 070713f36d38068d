import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../src/core/events';
import { scriptedAgentSession } from '../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';

interface InputItem { type?: string; role?: string; call_id?: string; id?: string; encrypted_content?: string; output?: string }

/**
 * A whole turn over the Responses API (spec §3 "What goes back"): the reasoning item a step streamed before its
 * function call goes back, encrypted and verbatim, before that call in the next step's input. The scripted server
 * answers 400 as OpenAI does when it is missing.
 */
describe('an agent turn over the Responses API', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'README.md': '# demo\n' });

  it('sends step 1\'s reasoning item back before its function call, the tool result after it, and the turn answers', async () => {
    scripted.server.enqueue(
      { reasoning: 'The README will tell.', toolCalls: [{ id: 'call_readme', name: 'Read', arguments: '{"path":"README.md"}' }] },
      { text: 'It is a demo.' },
    );
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { api: 'responses', toolProtocol: 'native' } });
    const events: AgentEvent[] = [];
    const end = await session.send('what is this project?', (e) => events.push(e));
    const failure = events.find((e) => e.type === 'error');
    assert.equal(end, 'answered', failure?.type === 'error' ? failure.message : undefined);
    assert.equal(events.flatMap((e) => (e.type === 'thinking' ? [e.delta] : [])).join(''), 'The README will tell.');

    const [first, second] = scripted.server.requests;
    assert.deepEqual([first!.path, second!.path], ['/v1/responses', '/v1/responses']);
    const input = second!.body.input as InputItem[];
    const reasoning = input.findIndex((i) => i.type === 'reasoning');
    const call = input.findIndex((i) => i.type === 'function_call' && i.call_id === 'call_readme');
    const output = input.findIndex((i) => i.type === 'function_call_output' && i.call_id === 'call_readme');
    assert.ok(reasoning >= 0 && reasoning < call && call < output, `reasoning, call, output in order: ${JSON.stringify(input.map((i) => i.type))}`);
    assert.match(input[reasoning]!.encrypted_content ?? '', /^gAAAA/);
    assert.match(input[output]!.output ?? '', /# demo/);
  });
});
