import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { approvalFor } from '../../../../src/core/agent/approvalGate';
import { McpToolSet } from '../../../../src/core/mcp/mcpToolSet';
import { builtInToolNames, createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import { defaultSettings } from '../../../../src/core/settings';
import type { ApprovalDecision, ApprovalRequest } from '../../../../src/core/tools/approval';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import type { NodeMcpConnections } from '../../../../src/node/mcp/nodeMcpConnections';
import { newConnections, stateOf } from './mcpTestKit';

/** The reference filesystem server from the npm registry (a devDependency), confined by its own argument to one folder. */
const filesystemServerScript = path.resolve(__dirname, '../../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

function toolContext(asked: ApprovalRequest[], decision: ApprovalDecision): ToolContext {
  const signal = new AbortController().signal;
  const approver = {
    request: async (request: ApprovalRequest) => {
      asked.push(request);
      return decision;
    },
  };
  return {
    fs: undefined as never, commands: undefined as never, search: undefined as never, signal,
    readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => '',
    approve: approvalFor({ approver, settings: defaultSettings(), turnId: 't1', callId: 'c1', emit: () => undefined, signal }),
  };
}

describe('MCP servers over stdio: the reference server-filesystem (spec §12)', function () {
  this.timeout(60_000);
  let root: string;
  let allowed: string;
  let outside: string;
  let connections: NodeMcpConnections;
  let registry: ToolRegistry;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-mcp-fs-')));
    allowed = path.join(root, 'project');
    outside = path.join(root, 'secrets');
    fs.mkdirSync(path.join(allowed, 'src'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(allowed, 'src', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(outside, 'key.txt'), 'TOP-SECRET-KEY');
    connections = newConnections();
    await connections.configure([{ name: 'fs', source: 'settings', transport: 'stdio', command: process.execPath, args: [filesystemServerScript, allowed], env: {} }]);
    registry = createFullToolRegistry(new McpToolSet(connections, builtInToolNames).tools());
  });
  after(async () => {
    await connections.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is ready with its tools; reading ones are read-only, writing ones are not', () => {
    const state = stateOf(connections, 'fs');
    assert.equal(state.status, 'ready', state.error);
    assert.equal(registry.get('mcp__fs__read_text_file')?.kind, 'read');
    assert.equal(registry.get('mcp__fs__list_directory')?.kind, 'read');
    assert.notEqual(registry.get('mcp__fs__write_file')?.kind, 'read');
    assert.deepEqual(registry.get('mcp__fs__write_file')?.paramNames, ['path', 'content']);
  });

  it('reads a file in its folder without asking', async () => {
    const asked: ApprovalRequest[] = [];
    const result = await registry.invoke('mcp__fs__read_text_file', { path: path.join(allowed, 'src', 'a.ts') }, toolContext(asked, { decision: 'accepted' }));
    assert.equal(result.status, 'success', result.text);
    assert.match(result.text, /export const a = 1;/);
    assert.equal(asked.length, 0);
  });

  it('a path outside its folder comes back as the server\'s error, and nothing of the file with it', async () => {
    for (const target of [path.join(outside, 'key.txt'), path.join(allowed, '..', 'secrets', 'key.txt')]) {
      const result = await registry.invoke('mcp__fs__read_text_file', { path: target }, toolContext([], { decision: 'accepted' }));
      assert.equal(result.status, 'error', result.text);
      assert.equal(result.error?.code, 'tool_error');
      assert.match(result.error!.message, /Access denied/);
      assert.doesNotMatch(result.text, /TOP-SECRET-KEY/);
    }
  });

  it('a write is asked first: rejected, nothing is written; accepted, the file is there', async () => {
    const target = path.join(allowed, 'src', 'b.ts');
    const asked: ApprovalRequest[] = [];
    const rejected = await registry.invoke('mcp__fs__write_file', { path: target, content: 'export const b = 2;\n' }, toolContext(asked, { decision: 'rejected', feedback: 'not now' }));
    assert.equal(rejected.status, 'error');
    assert.match(rejected.text, /The user rejected the call of fs\/write_file; it was not run\. User feedback: not now/);
    assert.deepEqual(asked.map((request) => request.kind === 'mcp' && [request.tool, request.readOnly]), [['mcp__fs__write_file', false]]);
    assert.equal(fs.existsSync(target), false);

    const accepted = await registry.invoke('mcp__fs__write_file', { path: target, content: 'export const b = 2;\n' }, toolContext(asked, { decision: 'accepted' }));
    assert.equal(accepted.status, 'success', accepted.text);
    assert.equal(fs.readFileSync(target, 'utf8'), 'export const b = 2;\n');
  });
});
