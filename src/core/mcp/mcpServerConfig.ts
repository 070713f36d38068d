import { z } from 'zod';
import { describeIssues, schemaMessage } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';

/** One server as `.vscode/mcp.json` (VS Code's own format) and `codeagent.mcp.servers` write it (spec §12). */
const stdioServer = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, schemaMessage('commandEmpty')),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
  cwd: z.string().optional(),
});
const httpServer = z.object({
  type: z.literal('http').optional(),
  url: z.string().min(1, schemaMessage('urlEmpty')),
  headers: z.record(z.string(), z.string()).default({}),
});

export type McpStdioServerConfig = { transport: 'stdio'; command: string; args: string[]; env: Record<string, string | null>; cwd?: string };
export type McpHttpServerConfig = { transport: 'http'; url: string; headers: Record<string, string> };
export type McpServerConfig = (McpStdioServerConfig | McpHttpServerConfig) & { name: string; source: McpConfigSource };
export type McpConfigSource = '.vscode/mcp.json' | 'settings';

/** `reason`: in the user's words (spec §20): the panel's row shows it; `reason(english)` for the log. */
export interface McpConfigProblem {
  source: McpConfigSource;
  server?: string;
  reason: UserText;
}

export interface McpConfigParse {
  servers: McpServerConfig[];
  problems: McpConfigProblem[];
}

/** The `servers` object of either source; a server of the wrong shape is reported and left out, the others still load. */
export function parseServers(servers: unknown, source: McpConfigSource): McpConfigParse {
  const problems: McpConfigProblem[] = [];
  if (servers === undefined || servers === null) return { servers: [], problems };
  if (typeof servers !== 'object' || Array.isArray(servers)) return { servers: [], problems: [{ source, reason: (l10n) => l10n.t('"servers" must be an object of named servers.') }] };
  const parsed: McpServerConfig[] = [];
  for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
    const server = parseServer(name, raw, source);
    if ('reason' in server) problems.push(server);
    else parsed.push(server);
  }
  return { servers: parsed, problems };
}

function parseServer(name: string, raw: unknown, source: McpConfigSource): McpServerConfig | McpConfigProblem {
  const fail = (reason: UserText): McpConfigProblem => ({ source, server: name, reason });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail((l10n) => l10n.t('must be an object with "command" (stdio) or "url" (http).'));
  const record = raw as Record<string, unknown>;
  const type = record.type ?? ('url' in record ? 'http' : 'stdio');
  if (type === 'sse') return fail((l10n) => l10n.t('type "sse" (the old HTTP+SSE transport) is not supported; use "http" (streamable HTTP).'));
  if (type !== 'stdio' && type !== 'http') return fail((l10n) => l10n.t('unknown type {0}; use "stdio" or "http".', JSON.stringify(type)));
  const result = (type === 'stdio' ? stdioServer : httpServer).safeParse(raw);
  if (!result.success) return fail(describeIssues(result.error, (l10n) => l10n.t('server')));
  if ('command' in result.data) {
    const { command, args, env, cwd } = result.data;
    const stringEnv = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? null : String(value)]));
    return { name, source, transport: 'stdio', command, args, env: stringEnv, ...(cwd ? { cwd } : {}) };
  }
  const { url, headers } = result.data;
  return { name, source, transport: 'http', url, headers };
}

/** `.vscode/mcp.json` wins over the setting on a name clash (spec §12); the result is ordered by name. */
export function mergeServerConfigs(fromSettings: readonly McpServerConfig[], fromWorkspaceFile: readonly McpServerConfig[]): McpServerConfig[] {
  const byName = new Map<string, McpServerConfig>();
  for (const server of fromSettings) byName.set(server.name, server);
  for (const server of fromWorkspaceFile) byName.set(server.name, server);
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export interface VariableContext {
  workspaceFolder: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * `${workspaceFolder}` and `${env:NAME}` in every string of a server (spec §12). A variable that cannot be
 * expanded (no folder open, `${input:…}` prompts CodeAgent does not have) is a problem naming it, not a silent blank.
 */
export function expandVariables(server: McpServerConfig, context: VariableContext): McpServerConfig | McpConfigProblem {
  const unknown: string[] = [];
  const expand = (text: string): string =>
    text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
      if (name === 'workspaceFolder' || name === 'workspaceRoot') {
        if (context.workspaceFolder !== undefined) return context.workspaceFolder;
      } else if (name.startsWith('env:')) {
        return context.env[name.slice(4)] ?? '';
      }
      unknown.push(whole);
      return whole;
    });
  const expanded: McpServerConfig =
    server.transport === 'stdio'
      ? {
          ...server,
          command: expand(server.command),
          args: server.args.map(expand),
          env: Object.fromEntries(Object.entries(server.env).map(([key, value]) => [key, value === null ? null : expand(value)])),
          ...(server.cwd !== undefined ? { cwd: expand(server.cwd) } : {}),
        }
      : { ...server, url: expand(server.url), headers: Object.fromEntries(Object.entries(server.headers).map(([key, value]) => [key, expand(value)])) };
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].join(', ');
    const noFolder = unknown.some((u) => u.includes('workspaceFolder'));
    const reason: UserText = (l10n) => (noFolder ? l10n.t('cannot expand {0} (no folder is open).', names) : l10n.t('cannot expand {0}.', names));
    return { source: server.source, server: server.name, reason };
  }
  return expanded;
}

/** Two configs start the same server: a restart is needed only when this changes. */
export function sameServerConfig(a: McpServerConfig, b: McpServerConfig): boolean {
  return JSON.stringify({ ...a, source: undefined }) === JSON.stringify({ ...b, source: undefined });
}
