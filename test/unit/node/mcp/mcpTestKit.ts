import * as path from 'node:path';
import type { McpServerConfig } from '../../../../src/core/mcp/mcpServerConfig';
import type { McpServerState } from '../../../../src/core/ports/mcpConnections';
import { NodeMcpConnections } from '../../../../src/node/mcp/nodeMcpConnections';

/** The reference server from the npm registry (a devDependency), run with this Node. */
export const everythingServerScript = path.resolve(__dirname, '../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');

type StdioConfig = Extract<McpServerConfig, { transport: 'stdio' }>;

export function everythingConfig(name = 'everything', extra: Partial<StdioConfig> = {}): StdioConfig {
  return { name, source: 'settings', transport: 'stdio', command: process.execPath, args: [everythingServerScript], env: {}, ...extra };
}

export function newConnections(log?: (state: McpServerState) => void): NodeMcpConnections {
  return new NodeMcpConnections({ clientInfo: { name: 'CodeAgent-test', version: '0.0.0' }, startupTimeoutMs: 20_000, log });
}

export function stateOf(connections: NodeMcpConnections, name: string): McpServerState {
  const state = connections.servers().find((s) => s.name === name);
  if (!state) throw new Error(`no server ${name}`);
  return state;
}

/** True while a process with this id exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
