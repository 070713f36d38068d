import { strict as assert } from 'node:assert';
import { PendingApprovals } from '../../../../src/core/agent/pendingDecisions';
import type { AgentEvent } from '../../../../src/core/events';
import { McpToolSet } from '../../../../src/core/mcp/mcpToolSet';
import { builtInToolNames, createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { NodeMcpConnections } from '../../../../src/node/mcp/nodeMcpConnections';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { TempWorkspace } from '../../core/tools/toolTestKit';
import { faultSession } from '../../faults/faultSessionKit';
import { everythingConfig, newConnections } from './mcpTestKit';
import { until } from '../../../support/until';

/** A whole agent turn with the scripted model calling server-everything's tools, in both wire formats (spec §3, §12). */
describe('MCP tools in an agent turn', function () {
  this.timeout(30_000);
  let model: ScriptedModelServer;
  let connections: NodeMcpConnections;
  let ws: TempWorkspace;
  before(async () => {
    model = await ScriptedModelServer.start();
    connections = newConnections();
    ws = await TempWorkspace.create({ 'README.md': '# demo\n' });
  });
  after(async () => {
    await model.close();
    await connections.dispose();
    await ws.cleanup();
  });
  beforeEach(() => model.reset());

  function session(protocol: 'xml' | 'native') {
    const approvals = new PendingApprovals();
    const toolSet = new McpToolSet(connections, builtInToolNames);
    const s = faultSession(model, ws.root, { settings: { model: { toolProtocol: protocol } }, tools: () => createFullToolRegistry(toolSet.tools()), approver: approvals });
    return { s, approvals };
  }
  const messages = (i: number) => model.requests[i]!.body.messages as { role: string; content: string; tool_call_id?: string }[];

  it('offers a server\'s tools from the turn after it is ready; xml: get-sum\'s result reaches the next request', async () => {
    const { s } = session('xml');
    model.enqueue({ text: 'No tools yet.' });
    await s.send('hello', () => {});
    assert.doesNotMatch(messages(0)[0]!.content, /mcp__everything__/, 'no server configured yet');

    await connections.configure([everythingConfig()]);
    model.enqueue(
      { text: 'Adding.\n<mcp__everything__get-sum>\n<a>19</a>\n<b>23</b>\n</mcp__everything__get-sum>', chunkSize: 6 },
      { text: '<AttemptCompletion>\n<result>42</result>\n</AttemptCompletion>' },
    );
    const events: AgentEvent[] = [];
    assert.equal(await s.send('what is 19 + 23?', (e) => events.push(e)), 'completed');
    assert.match(messages(1)[0]!.content, /^## mcp__everything__get-sum$/m);
    const result = messages(2).at(-1)!;
    assert.match(result.content, /^<tool_result tool="mcp__everything__get-sum" status="success">/);
    assert.match(result.content, /The sum of 19 and 23 is 42\./);
    const record = s.messages.find((m) => m.kind === 'toolResult');
    assert.ok(record, 'the call is in history');
    assert.match(record.content, /"summary":"everything\/get-sum: success after \d+ ms; 1 line of output"/);
    // The card shows the output itself; the line that introduces it to the model is the card's header already.
    const shown = events.find((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult');
    assert.equal(shown?.summary, 'The sum of 19 and 23 is 42.');
  });

  it('native: the server\'s JSON schema is the function\'s parameters; a tool without readOnlyHint waits for approval', async () => {
    await connections.configure([everythingConfig()]);
    const { s, approvals } = session('native');
    model.enqueue(
      { toolCalls: [{ id: 'call_gz', name: 'mcp__everything__gzip-file-as-resource', arguments: '{"data":"nope://x"}' }] },
      { text: 'That URL scheme is not supported.' },
    );
    const approvalsSeen: Extract<AgentEvent, { type: 'approval' }>[] = [];
    const end = await s.send('gzip it', (e) => {
      if (e.type !== 'approval') return;
      approvalsSeen.push(e);
      if (e.phase === 'request') void until(() => approvals.decide(e.callId, { decision: 'accepted' }));
    });
    assert.equal(end, 'answered');
    const tools = model.requests[0]!.body.tools as { function: { name: string; parameters: Record<string, unknown> } }[];
    const gzip = tools.find((t) => t.function.name === 'mcp__everything__gzip-file-as-resource')!;
    assert.deepEqual(Object.keys(gzip.function.parameters.properties as object), ['name', 'data', 'outputType']);
    assert.equal((gzip.function.parameters.properties as Record<string, { format?: string }>).data!.format, 'uri', 'the server\'s own schema, not a zod round trip');
    assert.deepEqual(approvalsSeen.map((a) => [a.phase, a.tool, a.decision]), [['request', 'mcp__everything__gzip-file-as-resource', undefined], ['decision', 'mcp__everything__gzip-file-as-resource', 'accepted']]);
    assert.equal(approvalsSeen[0]!.detail, 'MCP server: everything\nTool: gzip-file-as-resource\nArguments: {\n  "data": "nope://x"\n}');
    const result = messages(1).at(-1)!;
    assert.equal(result.role, 'tool');
    assert.equal(result.tool_call_id, 'call_gz');
    assert.match(result.content, /Unsupported URL protocol/);
  });
});
