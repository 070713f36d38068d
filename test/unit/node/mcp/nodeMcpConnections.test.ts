import { strict as assert } from 'node:assert';
import { getEventListeners } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { approvalFor, type Approver } from '../../../../src/core/agent/approvalGate';
import { mcpTool } from '../../../../src/core/mcp/mcpTool';
import { McpToolSet } from '../../../../src/core/mcp/mcpToolSet';
import { builtInToolNames, createFullToolRegistry, mainAgentTools, namedAgentTools } from '../../../../src/core/orchestration/toolSets';
import { defaultSettings, type Settings } from '../../../../src/core/settings';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import type { NodeMcpConnections } from '../../../../src/node/mcp/nodeMcpConnections';
import { everythingConfig, everythingServerScript, newConnections, processAlive, stateOf } from './mcpTestKit';
import { until } from '../../../support/until';

/** A tool context whose approvals go through the real approval gate with these settings. */
function toolContext(settings: Settings, asked: ApprovalRequest[], signal = new AbortController().signal): ToolContext {
  const approver: Approver = {
    request: async (request) => {
      asked.push(request);
      return { decision: 'accepted' };
    },
  };
  return {
    fs: undefined as never,
    commands: undefined as never,
    search: undefined as never,
    signal,
    readLedger: new ReadLedger(),
    todos: new InMemoryTodoStore(),
    askUser: async () => '',
    approve: approvalFor({ approver, settings, turnId: 't1', callId: 'c1', emit: () => undefined, signal }),
  };
}

describe('MCP servers over stdio: the reference server-everything (spec §12)', function () {
  this.timeout(60_000);
  let connections: NodeMcpConnections;
  let registry: ToolRegistry;

  before(async () => {
    connections = newConnections();
    await connections.configure([everythingConfig()]);
    registry = createFullToolRegistry(new McpToolSet(connections, builtInToolNames).tools());
  });
  after(() => connections.dispose());

  it('starts, is ready with its tools, and offers them as mcp__everything__<tool>', () => {
    const state = stateOf(connections, 'everything');
    assert.equal(state.status, 'ready', state.error);
    assert.ok(state.tools.length >= 10, `only ${state.tools.length} tools`);
    assert.ok((state.startupMs ?? -1) > 0);
    for (const name of ['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__gzip-file-as-resource']) assert.ok(registry.get(name), name);
    const sum = registry.get('mcp__everything__get-sum')!;
    assert.deepEqual(sum.paramNames, ['a', 'b']);
    assert.equal(sum.kind, 'read', 'get-sum is annotated readOnlyHint');
    assert.match(sum.doc, /^## mcp__everything__get-sum\n/);
    assert.match(sum.doc, /- a \(number, required\): First number/);
    assert.match(sum.doc, /<mcp__everything__get-sum>\n<a>1<\/a>\n<b>1<\/b>\n<\/mcp__everything__get-sum>/);
    const spec = registry.toolSpecs().find((s) => s.name === 'mcp__everything__get-sum')!;
    assert.deepEqual(spec.parameters.required, ['a', 'b']);
    assert.equal((spec.parameters.properties as Record<string, { type: string }>).a!.type, 'number');
    assert.equal('$schema' in spec.parameters, false);
  });

  it('calls echo and get-sum with the text values of xml parameters (numbers parsed as the schema says)', async () => {
    const asked: ApprovalRequest[] = [];
    const ctx = toolContext(defaultSettings(), asked);
    const echo = await registry.invoke('mcp__everything__echo', { message: '42' }, ctx);
    assert.equal(echo.status, 'success', echo.text);
    assert.match(echo.text, /Echo: 42$/);
    const sum = await registry.invoke('mcp__everything__get-sum', { a: '2.5', b: '40' }, ctx);
    assert.equal(sum.status, 'success', sum.text);
    assert.match(sum.text, /The sum of 2\.5 and 40 is 42\.5\./);
    assert.equal(asked.length, 0, 'read-only tools are auto-approved by default');
    const record = JSON.parse(registry.compress('mcp__everything__get-sum', { a: '2.5', b: '40' }, sum)) as { status: string; data: { summary: string; outputTail: string } };
    assert.equal(record.status, 'success');
    assert.match(record.data.summary, /^everything\/get-sum: success after \d+ ms; 1 line of output$/);
    assert.match(record.data.outputTail, /42\.5/);
  });

  it('many calls in one turn leave no listener on the turn\'s signal', async () => {
    const controller = new AbortController();
    const ctx = toolContext(defaultSettings(), [], controller.signal);
    const before = getEventListeners(controller.signal, 'abort').length;
    for (let i = 0; i < 15; i++) await registry.invoke('mcp__everything__get-sum', { a: String(i), b: '1' }, ctx);
    assert.equal(getEventListeners(controller.signal, 'abort').length, before);
  });

  it('refuses arguments that fail the schema with a clear error, before calling the server', async () => {
    const result = await registry.invoke('mcp__everything__get-sum', { a: 'two', b: '3' }, toolContext(defaultSettings(), []));
    assert.equal(result.status, 'error');
    assert.equal(result.error?.code, 'invalid_params');
    assert.match(result.text, /Invalid parameters for mcp__everything__get-sum:\n- a: expected number, received string/);
    const missing = await registry.invoke('mcp__everything__get-sum', { a: '1' }, toolContext(defaultSettings(), []));
    assert.match(missing.text, /- b: is required/);
  });

  it('returns a tool error (isError) as an error result with the server\'s message; the call was approved like a command', async () => {
    const asked: ApprovalRequest[] = [];
    const result = await registry.invoke('mcp__everything__gzip-file-as-resource', { data: 'nope://x' }, toolContext(defaultSettings(), asked));
    assert.equal(asked.length, 1, 'a tool without readOnlyHint asks first');
    assert.deepEqual(asked[0], { kind: 'mcp', tool: 'mcp__everything__gzip-file-as-resource', server: 'everything', serverTool: 'gzip-file-as-resource', arguments: { data: 'nope://x' }, readOnly: false });
    assert.equal(result.status, 'error');
    assert.equal(result.error?.code, 'tool_error');
    assert.match(result.error!.message, /Unsupported URL protocol/);
  });

  it('auto-approves a tool listed as server/tool or server/*, and asks for read-only tools when that setting is off', async () => {
    const listed = { ...defaultSettings(), approval: { ...defaultSettings().approval, autoApproveMcpTools: ['everything/*'] } };
    const asked: ApprovalRequest[] = [];
    await registry.invoke('mcp__everything__gzip-file-as-resource', { data: 'nope://x' }, toolContext(listed, asked));
    assert.equal(asked.length, 0);
    const strict = { ...defaultSettings(), approval: { ...defaultSettings().approval, autoApproveReadOnly: false, autoApproveMcpTools: ['other/*', 'everything/echo'] } };
    await registry.invoke('mcp__everything__get-sum', { a: '1', b: '2' }, toolContext(strict, asked));
    await registry.invoke('mcp__everything__echo', { message: 'x' }, toolContext(strict, asked));
    assert.deepEqual(asked.map((r) => (r.kind === 'mcp' ? r.serverTool : r.kind)), ['get-sum']);
  });

  it('summarises images and resources in the result instead of pasting their data', async () => {
    const image = await registry.invoke('mcp__everything__get-tiny-image', {}, toolContext(defaultSettings(), []));
    assert.equal(image.status, 'success', image.text);
    assert.match(image.text, /\[image: image\/png, [\d.]+ KB\]/);
    assert.doesNotMatch(image.text, /iVBORw0KGgo/);
    const blob = await registry.invoke('mcp__everything__get-resource-reference', { resourceType: 'Blob', resourceId: '2' }, toolContext(defaultSettings(), []));
    assert.match(blob.text, /\[resource demo:\/\/resource\/dynamic\/blob\/2 \(text\/plain\), \d+ B of binary data\]/);
  });

  it('named agents\' allow/deny take mcp__server__tool and mcp__server__*; the planner gets only read-only MCP tools', () => {
    const names = (rules: { allow?: string[]; deny?: string[] }) => namedAgentTools(registry, rules).names().filter((n) => n.startsWith('mcp__') || n === 'Read');
    assert.deepEqual(names({ allow: ['Read', 'mcp__everything__get-sum'] }), ['Read', 'mcp__everything__get-sum']);
    const all = names({ allow: ['mcp__everything__*'], deny: ['mcp__everything__echo'] });
    assert.ok(all.includes('mcp__everything__get-sum') && !all.includes('mcp__everything__echo') && !all.includes('Read'), all.join());
    assert.deepEqual(names({ deny: ['mcp__*'] }), ['Read']);
    const planner = mainAgentTools(registry, true).names();
    assert.ok(planner.includes('mcp__everything__get-sum'), 'read-only: offered to the planner');
    assert.ok(!planner.includes('mcp__everything__gzip-file-as-resource'), 'not read-only: acts, so not the planner\'s');
  });

  it('Stop cancels a running call at once and the server stays usable', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const call = registry.invoke('mcp__everything__trigger-long-running-operation', { duration: '20', steps: '2' }, toolContext(defaultSettings(), [], controller.signal));
    setTimeout(() => controller.abort(), 300);
    const result = await call;
    assert.equal(result.error?.code, 'cancelled', result.text);
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms: the operation itself lasts 20 s`);
    const after = await registry.invoke('mcp__everything__echo', { message: 'still here' }, toolContext(defaultSettings(), []));
    assert.match(after.text, /Echo: still here/);
  });
});

describe('MCP server failures and lifecycle', function () {
  this.timeout(60_000);

  it('a server that exits on start is failed with the reason and its last stderr lines; the others still start', async () => {
    const logged: string[] = [];
    const connections = newConnections((state) => logged.push(`${state.name}:${state.status}`));
    try {
      const crashing = { ...everythingConfig('crashing'), args: ['-e', 'console.error("loading config"); console.error("fatal: GITHUB_TOKEN is not set"); process.exit(3)'] };
      await connections.configure([crashing, everythingConfig()]);
      const state = stateOf(connections, 'crashing');
      assert.equal(state.status, 'failed');
      assert.match(state.error ?? '', /exited during startup|closed/i);
      assert.deepEqual(state.stderrTail.slice(-2), ['loading config', 'fatal: GITHUB_TOKEN is not set']);
      assert.equal(stateOf(connections, 'everything').status, 'ready');
      assert.ok(logged.includes('crashing:starting') && logged.includes('crashing:failed') && logged.includes('everything:ready'), logged.join());
      const call = await connections.callTool('crashing', 'x', {}, { signal: new AbortController().signal, timeoutMs: 1000 }).catch((error: Error) => error);
      assert.match(String(call), /"crashing" is failed/);
    } finally {
      await connections.dispose();
    }
  });

  it('a command that does not exist fails with a readable reason', async () => {
    const connections = newConnections();
    try {
      await connections.configure([{ ...everythingConfig('missing'), command: 'codeagent-no-such-command-xyz', args: [] }]);
      assert.match(stateOf(connections, 'missing').error ?? '', /Could not start "codeagent-no-such-command-xyz": command not found/);
    } finally {
      await connections.dispose();
    }
  });

  it('an invalid config shows as a failed server without starting anything', async () => {
    const connections = newConnections();
    await connections.configure([], [{ name: 'broken', reason: 'Invalid configuration: command: command is empty' }]);
    assert.deepEqual(stateOf(connections, 'broken'), { name: 'broken', transport: 'stdio', status: 'failed', tools: [], error: 'Invalid configuration: command: command is empty', stderrTail: [] });
    await connections.dispose();
  });

  it('a workspace server not allowed shows as not started, with no process and no tools', async () => {
    const connections = newConnections();
    await connections.configure([], [], [{ name: 'evil', reason: 'Not started — not allowed.', transport: 'stdio' }]);
    assert.deepEqual(stateOf(connections, 'evil'), { name: 'evil', transport: 'stdio', status: 'notAllowed', tools: [], error: 'Not started — not allowed.', stderrTail: [] });
    assert.equal(connections.pidOf('evil'), undefined);
    await connections.dispose();
  });

  it('restarts a server whose config changed, keeps one that did not, and leaves no process behind on dispose', async () => {
    const connections = newConnections();
    try {
      await connections.configure([everythingConfig('a'), everythingConfig('b')]);
      const [a1, b1] = [connections.pidOf('a')!, connections.pidOf('b')!];
      assert.ok(processAlive(a1) && processAlive(b1));
      await connections.configure([everythingConfig('a', { env: { CHANGED: '1' } }), everythingConfig('b')]);
      const a2 = connections.pidOf('a')!;
      assert.notEqual(a2, a1, 'a changed: a new process');
      assert.equal(connections.pidOf('b'), b1, 'b unchanged: the same process');
      await until(() => !processAlive(a1), { message: 'the old process of a to exit' });
      assert.equal(stateOf(connections, 'a').status, 'ready');
      await connections.configure([everythingConfig('a', { env: { CHANGED: '1' } })]);
      await until(() => !processAlive(b1), { message: 'removed server b to exit' });
      assert.deepEqual(connections.servers().map((s) => s.name), ['a']);
      await connections.dispose();
      assert.equal(processAlive(a2), false, 'dispose ends the process');
    } finally {
      await connections.dispose();
    }
  });

  it('a server slow to start does not hold up the next config, and quick edits never start a server twice', async () => {
    const starts = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-mcp-')), 'starts.log');
    // server-everything, counting its starts in a file.
    const counted = everythingConfig('a', { args: ['-e', `require('fs').appendFileSync(${JSON.stringify(starts)}, 'start\\n'); import(${JSON.stringify(everythingServerScript)})`] });
    const silent = { ...everythingConfig('silent'), args: ['-e', 'setInterval(() => {}, 1000)'] };
    const connections = newConnections();
    try {
      const started = Date.now();
      // Two edits in quick succession (neither awaited before the other is made).
      const [first, second] = await Promise.all([connections.reconfigure([silent, counted]), connections.reconfigure([counted])]);
      // The silent server never gets ready: applying after it would take its 20 s start-up timeout.
      assert.ok(Date.now() - started < 10_000, `applying took ${Date.now() - started} ms`);
      await Promise.all([first.ready, second.ready]);
      assert.deepEqual(connections.servers().map((s) => `${s.name}:${s.status}`), ['a:ready']);
      assert.equal(fs.readFileSync(starts, 'utf8'), 'start\n');
    } finally {
      await connections.dispose();
    }
  });

  it('a server that dies after being ready is failed, its tools leave, a call says so, and Restart brings it back', async () => {
    const connections = newConnections();
    try {
      await connections.configure([everythingConfig()]);
      const toolSet = new McpToolSet(connections);
      assert.ok(toolSet.tools().length > 0);
      process.kill(connections.pidOf('everything')!, 'SIGKILL');
      await until(() => stateOf(connections, 'everything').status === 'failed', { message: 'the failure to show' });
      assert.match(stateOf(connections, 'everything').error ?? '', /closed the connection/);
      assert.deepEqual(toolSet.tools(), []);
      const call = await connections.callTool('everything', 'echo', { message: 'x' }, { signal: new AbortController().signal, timeoutMs: 1000 }).catch((error: Error) => error);
      assert.match(String(call), /"everything" is failed: The server closed the connection/);
      await connections.restart('everything');
      assert.equal(stateOf(connections, 'everything').status, 'ready');
      assert.ok(toolSet.tools().length > 0);
    } finally {
      await connections.dispose();
    }
  });

  it('restart starts a fresh process of the same server', async () => {
    const connections = newConnections();
    try {
      await connections.configure([everythingConfig()]);
      const before = connections.pidOf('everything')!;
      await connections.restart('everything');
      assert.equal(stateOf(connections, 'everything').status, 'ready');
      assert.notEqual(connections.pidOf('everything'), before);
      assert.equal(processAlive(before), false);
    } finally {
      await connections.dispose();
    }
  });

  it('a call past its timeout is abandoned with a timeout error', async () => {
    const connections = newConnections();
    try {
      await connections.configure([everythingConfig()]);
      const info = stateOf(connections, 'everything').tools.find((t) => t.name === 'trigger-long-running-operation')!;
      const tool = mcpTool('mcp__everything__trigger-long-running-operation', 'everything', info, connections, 400);
      const result = await createFullToolRegistry([tool]).invoke(tool.name, { duration: '10', steps: '1' }, toolContext(defaultSettings(), []));
      assert.equal(result.error?.code, 'timeout', result.text);
      assert.match(result.error!.message, /did not answer within 0\.4 s/);
    } finally {
      await connections.dispose();
    }
  });
});
