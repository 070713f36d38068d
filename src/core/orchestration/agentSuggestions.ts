import type { McpPromptCatalog } from '../mcp/mcpPromptCatalog';
import type { AgentCatalog } from './agentCatalog';

/** `@` completions for agent names, offered before paths: `@rev` → `@reviewer`. */
export function suggestAgents(catalog: AgentCatalog, query: string): { path: string; kind: 'agent'; detail?: string }[] {
  const q = query.toLowerCase();
  return catalog.agents.filter((agent) => agent.name.startsWith(q)).map((agent) => ({ path: agent.name, kind: 'agent' as const, detail: agent.description ?? agent.title }));
}

/** `@` completions for MCP servers' resources, under the server's name: `@arch` → `@mcp:everything:demo://…/architecture.md`. */
export function suggestMcpResources(catalog: McpPromptCatalog, query: string): { path: string; kind: 'resource'; detail?: string; server: string }[] {
  return catalog.resources(query).map((r) => ({ path: `mcp:${r.server}:${r.uri}`, kind: 'resource' as const, detail: r.name, server: r.server }));
}
