import { strict as assert } from 'node:assert';
import type { Approver } from '../../../../src/core/agent/approvalGate';
import type { AgentEvent } from '../../../../src/core/events';
import { McpToolSet } from '../../../../src/core/mcp/mcpToolSet';
import { builtInToolNames, createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { McpConnections, McpServerState } from '../../../../src/core/ports/mcpConnections';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { faultSession } from '../../faults/faultSessionKit';
import { TempWorkspace } from '../tools/toolTestKit';

/** One ready server with a writing tool (no readOnlyHint); every call it gets is recorded. */
function fakeMcp(calls: string[]): McpConnections {
  const server: McpServerState = {
    name: 'notes', transport: 'stdio', status: 'ready', stderrTail: [],
    tools: [{ name: 'write_note', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, readOnly: false }],
  };
  return {
    servers: () => [server],
    callTool: async (_server, tool) => {
      calls.push(tool);
      return { content: [{ type: 'text', text: 'written' }], isError: false, durationMs: 1 };
    },
    onDidChange: () => () => {},
  };
}

/** Spec §7: the planner does not act — enforced where tools are invoked, not only where they are offered. */
describe('Plan mode gate in a real turn', function () {
  this.timeout(20_000);
  let model: ScriptedModelServer;
  let ws: TempWorkspace;
  before(async () => { model = await ScriptedModelServer.start(); });
  after(() => model.close());
  beforeEach(async () => {
    model.reset();
    ws = await TempWorkspace.create({ 'README.md': '# demo\n' });
  });
  afterEach(() => ws.cleanup());

  it('a planner that emits <Bash> and a writing mcp__ call gets plan_mode for each: nothing runs, nothing is asked', async () => {
    const mcpCalls: string[] = [];
    const asked: ApprovalRequest[] = [];
    // An approver that would allow anything: if the gate let a call through, it would run.
    const approver: Approver = { request: async (request) => { asked.push(request); return { decision: 'accepted' }; } };
    const tools = new McpToolSet(fakeMcp(mcpCalls), builtInToolNames);
    const session = faultSession(model, ws.root, { tools: () => createFullToolRegistry(tools.tools()), approver });
    model.enqueue(
      { text: 'Let me just do it myself.\n<Bash>\n<command>touch ran.txt</command>\n</Bash>\n<mcp__notes__write_note>\n<text>planted</text>\n</mcp__notes__write_note>' },
      { text: 'Understood; I will plan instead.' },
    );
    const events: AgentEvent[] = [];
    assert.equal(await session.send('/plan set up the project', (e) => events.push(e)), 'answered');

    const offered = (model.requests[0]!.body.messages as { content: string }[])[0]!.content;
    assert.match(offered, /^## Read$/m);
    assert.doesNotMatch(offered, /^## (Bash|mcp__notes__write_note)$/m, 'neither is offered to the planner');
    const results = events.filter((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult');
    assert.deepEqual(results.map((r) => [r.name, r.status]), [['Bash', 'error'], ['mcp__notes__write_note', 'error']]);
    const sent = (model.requests[1]!.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    assert.match(sent, /<tool_result tool="Bash" status="error">\nError \(plan_mode\): Plan mode: Bash is not available to the planner/);
    assert.match(sent, /<tool_result tool="mcp__notes__write_note" status="error">\nError \(plan_mode\): Plan mode: mcp__notes__write_note is not available/);
    assert.deepEqual(asked, [], 'nothing was asked');
    assert.deepEqual(events.filter((e) => e.type === 'approval'), []);
    assert.deepEqual(mcpCalls, [], 'the MCP server got no call');
    assert.equal(await ws.exists('ran.txt'), false, 'the command did not run');
  });
});
