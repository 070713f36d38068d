import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

/** Spec §3: Anthropic's 529 (overloaded_error) is a server fault, retried like any 5xx, never shown as a bad request. */
describe('the Messages API answering 529 Overloaded', function () {
  this.timeout(20_000);
  const scripted = useScriptedWorkspace({ 'README.md': '# demo\n' });

  it('is retried through the real SDK and HTTP, and the retry\'s answer ends the turn', async () => {
    scripted.server.enqueue({ fault: { kind: 'http', status: 529 } }, { text: 'Here after the overload.' });
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'claude-sonnet-4-6', api: 'messages', toolProtocol: 'native', maxRetries: 3 } });
    const events: AgentEvent[] = [];
    const outcome = await session.send('hello', (event) => void events.push(event));
    const requests = scripted.server.requests.filter((r) => r.path.endsWith('/v1/messages'));
    assert.equal(requests.length, 2, 'the overloaded request was sent again');
    const retries = events.filter((e): e is Extract<AgentEvent, { type: 'retry' }> => e.type === 'retry');
    assert.equal(retries.length, 1);
    assert.match(retries[0]!.reason, /529/);
    assert.equal(events.filter((e) => e.type === 'error').length, 0, 'no error shown');
    assert.equal(outcome, 'answered');
    assert.equal(session.messages.at(-1)?.content, 'Here after the overload.');
  });
});
