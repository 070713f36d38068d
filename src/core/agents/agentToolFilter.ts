import type { AgentToolRules } from './agentDefinition';

/** `allow` absent means every tool; `deny` wins over `allow`. Patterns: exact, case-sensitive names with `*` wildcards. */
export function agentAllowsTool(tools: AgentToolRules, toolName: string): boolean {
  if (tools.deny?.some((pattern) => matchesToolPattern(pattern, toolName))) return false;
  return tools.allow === undefined || tools.allow.some((pattern) => matchesToolPattern(pattern, toolName));
}

/** The names the rules allow, in their order. */
export function filterToolNames(names: readonly string[], tools: AgentToolRules): string[] {
  return names.filter((name) => agentAllowsTool(tools, name));
}

/** `mcp__github__*` matches every tool of that server; `*` alone matches everything. */
export function matchesToolPattern(pattern: string, toolName: string): boolean {
  if (!pattern.includes('*')) return pattern === toolName;
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(toolName);
}
