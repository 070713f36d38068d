import type { Settings } from '../core/settings';

/** The string values of an MCP server's `env` and `headers` (its keys live there). */
function mcpValues(servers: Settings['mcp']['servers']): string[] {
  return Object.values(servers).flatMap((server) => ['env', 'headers'].flatMap((field) => {
    const values = server[field];
    return values && typeof values === 'object' ? Object.values(values as Record<string, unknown>).filter((value): value is string => typeof value === 'string') : [];
  }));
}

/**
 * Spec §23: the keys the agent holds — the model's, the search provider's, its MCP servers' — by value, so that no
 * command's environment carries them under any name.
 */
export function ownSecrets(options: { modelKeys: () => Array<string | undefined>; searchKey: () => string | undefined; settings: () => Settings }): () => string[] {
  return () => [...options.modelKeys(), options.searchKey(), ...mcpValues(options.settings().mcp.servers)].filter((value): value is string => typeof value === 'string' && value.length > 0);
}
