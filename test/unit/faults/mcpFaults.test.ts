import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../src/core/events';
import { McpToolSet } from '../../../src/core/mcp/mcpToolSet';
import { builtInToolNames, createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import type { NodeMcpConnections } from '../../../src/node/mcp/nodeMcpConnections';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { TempWorkspace } from '../core/tools/toolTestKit';
import { faultSession, sendRecorded } from './faultSessionKit';
import { everythingConfig, newConnections, stateOf } from '../node/mcp/mcpTestKit';
import { until } from '../../support/until';

/** An MCP server that crashes while a call of the agent runs: the call fails clearly, the turn and chat go on. */
describe('fault suite: an MCP server crashes mid-call', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let connections: NodeMcpConnections;
  let ws: TempWorkspace;
  before(async () => {
    model = await ScriptedModelServer.start();
    ws = await TempWorkspace.create({ 'README.md': '# demo\n' });
  });
  after(async () => {
    await model.close();
    await ws.cleanup();
  });
  beforeEach(async () => {
    model.reset();
    connections = newConnections();
    await connections.configure([everythingConfig()]);
  });
  afterEach(() => connections.dispose());

  for (const protocol of ['xml', 'native'] as const) {
    it(`${protocol}: the call ends as an error naming the crash, every call is answered, the next reply arrives`, async () => {
      const toolSet = new McpToolSet(connections, builtInToolNames);
      const s = faultSession(model, ws.root, {
        settings: { model: { toolProtocol: protocol }, approval: { autoApproveMcpTools: ['everything/*'] } },
        tools: () => createFullToolRegistry(toolSet.tools()),
      });
      const name = 'mcp__everything__trigger-long-running-operation';
      model.enqueue(
        protocol === 'xml'
          ? { text: `<${name}>\n<duration>30</duration>\n<steps>3</steps>\n</${name}>` }
          : { toolCalls: [{ id: 'call_long', name, arguments: '{"duration":30,"steps":3}' }], finishReason: 'tool_calls' },
        { text: 'The server crashed; I will not retry.' },
      );
      const pid = connections.pidOf('everything')!;
      const started = Date.now();
      const { events, end } = await sendRecorded(s, 'run the long operation', (e) => {
        if (e.type === 'toolCall' && !e.partial && e.name === name) setTimeout(() => process.kill(pid, 'SIGKILL'), 300);
      });
      assert.equal(end, 'answered');
      assert.ok(Date.now() - started < 20_000, 'the crash ended the call well before the operation would have');
      const result = events.find((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult' && e.name === name);
      assert.equal(result?.status, 'error');
      const told = model.requests[1]!.body.messages.at(-1) as { content: string };
      assert.match(told.content, /closed|crash|failed/i, `the model is told: ${told.content}`);
      assert.equal(s.messages.filter((m) => m.kind === 'toolResult').length, 1, 'history answers the call');
      await until(() => stateOf(connections, 'everything').status === 'failed', { message: 'the server shown as failed' });
    });
  }
});
