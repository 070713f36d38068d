import type { AgentCatalog } from './agentCatalog';

/** `@` completions for agent names, offered before paths: `@rev` → `@reviewer`. */
export function suggestAgents(catalog: AgentCatalog, query: string): { path: string; kind: 'agent'; detail?: string }[] {
  const q = query.toLowerCase();
  return catalog.agents.filter((agent) => agent.name.startsWith(q)).map((agent) => ({ path: agent.name, kind: 'agent' as const, detail: agent.description ?? agent.title }));
}
