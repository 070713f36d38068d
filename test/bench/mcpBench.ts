import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { approvalFor } from '../../src/core/agent/approvalGate';
import { McpToolSet } from '../../src/core/mcp/mcpToolSet';
import { createFullToolRegistry } from '../../src/core/orchestration/toolSets';
import { defaultSettings } from '../../src/core/settings';
import { ReadLedger } from '../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../src/core/tools/todoStore';
import type { ToolContext } from '../../src/core/tools/toolTypes';
import { NodeMcpConnections } from '../../src/node/mcp/nodeMcpConnections';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';

const SERVER = path.resolve(__dirname, '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const STARTS = 7;
const CALLS = 500;
const WARMUP = 50;
const TARGET_OVERHEAD_MS = 2;

function connections(): NodeMcpConnections {
  return new NodeMcpConnections({ clientInfo: { name: 'CodeAgent-bench', version: '0' }, startupTimeoutMs: 30_000 });
}

const everything = { name: 'everything', source: 'settings' as const, transport: 'stdio' as const, command: process.execPath, args: [SERVER], env: {} };

/** Spec §12 figures: a stdio server's start to ready, and what a call through CodeAgent adds to the server's own round trip. */
export async function runMcpBench(): Promise<void> {
  const startups: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const hub = connections();
    await hub.configure([everything]);
    startups.push(hub.servers()[0]!.startupMs ?? NaN);
    await hub.dispose();
  }

  // The server's own time, as close as the outside can get: the bare SDK client's round trip to a second
  // process of the same server. The two paths alternate call by call so load on the machine hits both alike.
  const bare = new Client({ name: 'bare', version: '0' });
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'pipe' }));
  // Through CodeAgent: xml text values → schema coercion and validation → approval gate → call → result text.
  const hub = connections();
  await hub.configure([everything]);
  const registry = createFullToolRegistry(new McpToolSet(hub).tools());
  const signal = new AbortController().signal;
  const ctx: ToolContext = {
    fs: undefined as never, commands: undefined as never, search: undefined as never, signal,
    readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => '',
    approve: approvalFor({ approver: { request: async () => ({ decision: 'accepted' }) }, settings: defaultSettings(), turnId: 't', callId: 'c', emit: () => undefined, signal }),
  };
  const bareTimes: number[] = [];
  const invokeTimes: number[] = [];
  for (let i = -WARMUP; i < CALLS; i++) {
    let t0 = performance.now();
    await bare.callTool({ name: 'get-sum', arguments: { a: i, b: 1 } });
    if (i >= 0) bareTimes.push(performance.now() - t0);
    t0 = performance.now();
    const result = await registry.invoke('mcp__everything__get-sum', { a: String(i), b: '1' }, ctx);
    if (i >= 0) invokeTimes.push(performance.now() - t0);
    if (result.status !== 'success') throw new Error(result.text);
  }
  await bare.close();
  await hub.dispose();

  const overhead = median(invokeTimes) - median(bareTimes);
  console.log(`MCP: the reference server-everything over stdio (Node ${process.versions.node})`);
  console.log(`  start to ready (spawn, initialize, tools/list), median of ${STARTS}   ${median(startups).toFixed(0)} ms  (min ${Math.min(...startups)}, max ${Math.max(...startups)})`);
  console.log(`  get-sum, bare SDK client round trip, median of ${CALLS}            ${median(bareTimes).toFixed(3)} ms`);
  console.log(`  get-sum through CodeAgent's tool (xml values), median of ${CALLS}  ${median(invokeTimes).toFixed(3)} ms`);
  reportFigure({ area: 'mcp', figure: 'stdio server start to ready (server-everything)', value: msText(median(startups), 0) });
  reportFigure({ area: 'mcp', figure: 'call overhead over the bare SDK round trip', value: msText(overhead, 3), target: `< ${TARGET_OVERHEAD_MS} ms`, ok: overhead < TARGET_OVERHEAD_MS });
  console.log(`  overhead per call                                              ${overhead.toFixed(3)} ms  (${overhead < TARGET_OVERHEAD_MS ? 'within' : 'OVER'} the ${TARGET_OVERHEAD_MS} ms target)`);
}

if (require.main === module) {
  runMcpBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
