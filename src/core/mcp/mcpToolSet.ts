import type { McpConnections, McpServerState } from '../ports/mcpConnections';
import type { AnyToolDefinition } from '../tools/toolTypes';
import { mcpTool } from './mcpTool';
import { mcpToolName } from './mcpToolName';

/**
 * The tools of every ready server, as registry tools named `mcp__<server>__<tool>`. Rebuilt only when a
 * server's state changed, so a turn that starts while nothing changed reuses the same definitions.
 */
export class McpToolSet {
  private cached: { states: readonly McpServerState[]; tools: AnyToolDefinition[] } | undefined;

  constructor(
    private readonly connections: McpConnections,
    /** Names the built-in tools already use: an MCP tool never shadows one. */
    private readonly reserved: readonly string[] = [],
  ) {}

  tools(): AnyToolDefinition[] {
    const states = this.connections.servers();
    if (this.cached && sameStates(this.cached.states, states)) return this.cached.tools;
    const taken = new Set(this.reserved);
    const tools: AnyToolDefinition[] = [];
    for (const server of states) {
      if (server.status !== 'ready') continue;
      for (const info of server.tools) {
        const name = mcpToolName(server.name, info.name, taken);
        taken.add(name);
        tools.push(mcpTool(name, server.name, info, this.connections));
      }
    }
    this.cached = { states, tools };
    return tools;
  }
}

function sameStates(a: readonly McpServerState[], b: readonly McpServerState[]): boolean {
  return a.length === b.length && a.every((state, i) => state === b[i]);
}
