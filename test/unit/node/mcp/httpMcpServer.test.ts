import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { McpToolSet } from '../../../../src/core/mcp/mcpToolSet';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import { defaultSettings } from '../../../../src/core/settings';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { approvalFor } from '../../../../src/core/agent/approvalGate';
import { newConnections, stateOf } from './mcpTestKit';

/** The SDK's own server over streamable HTTP (stateless: a server per request), in this process on loopback. */
function startHttpServer(requiredToken: string): Promise<{ url: string; headersSeen: string[]; close(): Promise<void> }> {
  const headersSeen: string[] = [];
  const server = http.createServer(async (req, res) => {
    headersSeen.push(String(req.headers.authorization));
    if (req.headers.authorization !== `Bearer ${requiredToken}`) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    const mcp = new McpServer({ name: 'calc', version: '1.0.0' });
    mcp.registerTool('multiply', { description: 'Multiplies two numbers', inputSchema: { x: z.number(), y: z.number() }, annotations: { readOnlyHint: true } }, async ({ x, y }) => ({
      content: [{ type: 'text', text: String(x * y) }],
    }));
    mcp.registerTool('fail', { description: 'Always fails', inputSchema: { why: z.string() } }, async ({ why }) => ({ content: [{ type: 'text', text: `failed: ${why}` }], isError: true }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close().then(() => mcp.close()));
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/mcp`, headersSeen, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

function toolContext(): ToolContext {
  const signal = new AbortController().signal;
  return {
    fs: undefined as never, commands: undefined as never, search: undefined as never, signal,
    readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => '',
    approve: approvalFor({ approver: { request: async () => ({ decision: 'accepted' }) }, settings: defaultSettings(), turnId: 't', callId: 'c', emit: () => undefined, signal }),
  };
}

describe('MCP servers over streamable HTTP (spec §12)', function () {
  this.timeout(30_000);

  it('connects with the configured headers, lists and calls tools, and reports tool errors', async () => {
    const server = await startHttpServer('s3cret');
    const connections = newConnections();
    try {
      await connections.configure([{ name: 'calc', source: '.vscode/mcp.json', transport: 'http', url: server.url, headers: { Authorization: 'Bearer s3cret' } }]);
      const state = stateOf(connections, 'calc');
      assert.equal(state.status, 'ready', state.error);
      assert.equal(state.transport, 'http');
      assert.deepEqual(state.tools.map((t) => [t.name, t.readOnly]), [['multiply', true], ['fail', false]]);
      const registry = createFullToolRegistry(new McpToolSet(connections).tools());
      const product = await registry.invoke('mcp__calc__multiply', { x: '6', y: '7' }, toolContext());
      assert.equal(product.status, 'success', product.text);
      assert.match(product.text, /^calc\/multiply returned \(\d+ ms\):\n42$/);
      const failed = await registry.invoke('mcp__calc__fail', { why: 'on purpose' }, toolContext());
      assert.equal(failed.error?.code, 'tool_error');
      assert.equal(failed.error?.message, 'failed: on purpose');
      assert.ok(server.headersSeen.every((h) => h === 'Bearer s3cret'));
    } finally {
      await connections.dispose();
      await server.close();
    }
  });

  it('a server that refuses the connection is failed with the URL and the reason', async () => {
    const server = await startHttpServer('right');
    const connections = newConnections();
    try {
      await connections.configure([{ name: 'calc', source: 'settings', transport: 'http', url: server.url, headers: { Authorization: 'Bearer wrong' } }]);
      const state = stateOf(connections, 'calc');
      assert.equal(state.status, 'failed');
      assert.match(state.error ?? '', new RegExp(`^Could not connect to ${server.url.replace(/[.]/g, '\\.')}: .*unauthorized`));
    } finally {
      await connections.dispose();
      await server.close();
    }
  });
});
