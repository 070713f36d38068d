import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { faultSession, sendRecorded } from '../../faults/faultSessionKit';
import { TempWorkspace } from '../tools/toolTestKit';

type Wire = { role: string; content: string; tool_call_id?: string };

/** AttemptCompletion written beside a call whose result the model had not seen yet: accepted only when that call succeeded. */
describe('AttemptCompletion after a failed call in the same message', function () {
  this.timeout(15_000);
  let server: ScriptedModelServer;
  let ws: TempWorkspace;
  before(async () => {
    server = await ScriptedModelServer.start();
    ws = await TempWorkspace.create({ 'src/a.ts': 'export const a = 1;\n' });
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });
  beforeEach(() => server.reset());

  const messages = (i: number) => server.requests[i]!.body.messages as Wire[];
  const completions = (events: AgentEvent[]) => events.filter((e) => e.type === 'completion').map((e) => (e as { result: string }).result);

  it('xml: a failed Read then AttemptCompletion: the completion is refused with an error result and the turn goes on', async () => {
    server.enqueue(
      { text: '<Read>\n<path>src/missing.ts</path>\n</Read>\n<AttemptCompletion>\n<result>Fixed it.</result>\n</AttemptCompletion>', chunkSize: 9 },
      { text: '<AttemptCompletion>\n<result>src/missing.ts does not exist; nothing was changed.</result>\n</AttemptCompletion>' },
    );
    const { end, events } = await sendRecorded(faultSession(server, ws.root), 'fix src/missing.ts');
    assert.equal(end, 'completed');
    assert.equal(server.requests.length, 2, 'the turn went on after the refused completion');
    const results = messages(1).slice(-2).map((m) => m.content);
    assert.match(results[0]!, /^<tool_result tool="Read" status="error">/);
    assert.match(results[1]!, /^<tool_result tool="AttemptCompletion" status="error">/);
    assert.match(results[1]!, /Check the results above first/);
    assert.deepEqual(completions(events), ['src/missing.ts does not exist; nothing was changed.']);
    const refused = events.find((e) => e.type === 'toolResult' && e.name === 'AttemptCompletion');
    assert.equal((refused as { status: string }).status, 'error');
  });

  it('native: the same, with the refusal answering the completion call by its id', async () => {
    server.enqueue(
      { toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"src/missing.ts"}' }, { id: 'call_done', name: 'AttemptCompletion', arguments: '{"result":"Fixed it."}' }] },
      { toolCalls: [{ id: 'call_done2', name: 'AttemptCompletion', arguments: '{"result":"Nothing to fix."}' }] },
    );
    const { end, events } = await sendRecorded(faultSession(server, ws.root, { settings: { model: { toolProtocol: 'native' } } }), 'fix src/missing.ts');
    assert.equal(end, 'completed');
    assert.equal(server.requests.length, 2);
    const refusal = messages(1).find((m) => m.tool_call_id === 'call_done')!;
    assert.match(refusal.content, /earlier_call_failed/);
    assert.deepEqual(completions(events), ['Nothing to fix.']);
  });

  it('a successful Read then AttemptCompletion in one message still completes at once', async () => {
    server.enqueue({ text: '<Read>\n<path>src/a.ts</path>\n</Read>\n<AttemptCompletion>\n<result>a is 1.</result>\n</AttemptCompletion>' });
    const { end, events } = await sendRecorded(faultSession(server, ws.root), 'what is a?');
    assert.equal(end, 'completed');
    assert.equal(server.requests.length, 1);
    assert.deepEqual(completions(events), ['a is 1.']);
  });
});
