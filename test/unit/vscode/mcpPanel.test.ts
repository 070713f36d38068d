import { strict as assert } from 'node:assert';
import type { McpConnections, McpServerState } from '../../../src/core/ports/mcpConnections';
import { HostMessage } from '../../../src/protocol/messages';
import { logMcpState } from '../../../src/vscode/mcpLog';
import { McpPanel } from '../../../src/vscode/mcpPanel';

describe('McpPanel: the MCP rows of the chat view', () => {
  const failed: McpServerState = { name: 'broken', transport: 'stdio', status: 'failed', tools: [], error: 'The server exited during startup.', stderrTail: ['fatal: no token'] };
  const ready: McpServerState = { name: 'everything', transport: 'stdio', status: 'ready', tools: [{ name: 'echo', inputSchema: {}, readOnly: true }], stderrTail: [], startupMs: 310 };

  function setup() {
    let states: McpServerState[] = [failed];
    let notify = () => {};
    const connections: McpConnections = {
      servers: () => states,
      callTool: () => Promise.reject(new Error('unused')),
      onDidChange: (listener) => {
        notify = listener;
        return () => (notify = () => {});
      },
    };
    const restarted: string[] = [];
    const allowed: string[] = [];
    const posted: HostMessage[] = [];
    const panel = new McpPanel(connections, (name) => restarted.push(name), (name) => allowed.push(name));
    panel.attach((message) => posted.push(HostMessage.parse(message)));
    return { panel, posted, restarted, allowed, change: (next: McpServerState[]) => { states = next; notify(); } };
  }

  it('sends every server\'s state when the view loads and on each change, in the protocol\'s shape', () => {
    const { panel, posted, change } = setup();
    assert.equal(panel.handle({ type: 'ready' }), false, 'ready is still the chat\'s');
    change([failed, ready]);
    assert.deepEqual(posted, [
      { type: 'mcpServers', servers: [{ name: 'broken', transport: 'stdio', status: 'failed', tools: [], error: 'The server exited during startup.', stderrTail: ['fatal: no token'] }] },
      { type: 'mcpServers', servers: [
        { name: 'broken', transport: 'stdio', status: 'failed', tools: [], error: 'The server exited during startup.', stderrTail: ['fatal: no token'] },
        { name: 'everything', transport: 'stdio', status: 'ready', tools: ['echo'], stderrTail: [], startupMs: 310 },
      ] },
    ]);
  });

  it('takes Restart <server> and leaves every other message to the chat', () => {
    const { panel, restarted } = setup();
    assert.equal(panel.handle({ type: 'restartMcpServer', name: 'broken' }), true);
    assert.equal(panel.handle({ type: 'stop' }), false);
    assert.deepEqual(restarted, ['broken']);
  });

  it('takes Allow <server> for a workspace server that is not started', () => {
    const { panel, posted, allowed, change } = setup();
    change([{ name: 'evil', transport: 'stdio', status: 'notAllowed', tools: [], error: 'Not started — not allowed.', stderrTail: [] }]);
    const last = posted.at(-1);
    assert.equal(last?.type === 'mcpServers' && last.servers[0]?.status, 'notAllowed');
    assert.equal(panel.handle({ type: 'allowMcpServer', name: 'evil' }), true);
    assert.deepEqual(allowed, ['evil']);
  });

  it('posts nothing after the view is gone or the panel disposed', () => {
    const { panel, posted, change } = setup();
    panel.detach();
    change([ready]);
    panel.attach((message) => posted.push(message));
    panel.dispose();
    change([failed]);
    assert.deepEqual(posted, []);
  });
});

describe('logMcpState: the CodeAgent output channel', () => {
  it('logs one line per state, a failure as an error with the last stderr lines', () => {
    const lines: string[] = [];
    const channel = { info: (m: string) => lines.push(`info ${m}`), error: (m: string) => lines.push(`error ${m}`) };
    const base = { name: 'gh', transport: 'stdio' as const, tools: [], stderrTail: [] };
    logMcpState(channel, { ...base, status: 'starting' });
    logMcpState(channel, { ...base, status: 'ready', tools: [{ name: 'a', inputSchema: {}, readOnly: false }], startupMs: 412 });
    logMcpState(channel, { ...base, status: 'failed', error: 'The server exited during startup.', stderrTail: ['Error: GITHUB_TOKEN missing'] });
    assert.deepEqual(lines, [
      'info MCP server "gh" (stdio): starting',
      'info MCP server "gh" (stdio): ready with 1 tool in 412 ms',
      'error MCP server "gh" (stdio): failed: The server exited during startup.\n  last stderr lines:\n    Error: GITHUB_TOKEN missing',
    ]);
  });
});
