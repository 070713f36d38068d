import type { McpServerConfig } from '../mcp/mcpServerConfig';
import type { TrustStore, TrustSubject } from '../ports/trustStore';
import { english, type Translator } from '../ports/translator';
import { canonicalDefinition } from './canonicalDefinition';

/** A server the workspace defines that may not start yet, and what allowing it means. */
export interface BlockedMcpServer {
  name: string;
  reason: string;
  subject: TrustSubject;
}

/** The exact definition a user allows (as it will run: variables expanded); any change asks again. */
export function mcpServerSubject(server: McpServerConfig): TrustSubject {
  const definition = server.transport === 'stdio'
    ? { type: 'stdio', command: server.command, args: server.args, env: server.env, cwd: server.cwd }
    : { type: 'http', url: server.url, headers: server.headers };
  return { kind: 'mcpServer', name: server.name, definition: canonicalDefinition(definition) };
}

export function notAllowedReason(l10n: Translator = english): string {
  return l10n.t('Not started — not allowed: this server comes from the workspace\'s .vscode/mcp.json. Allow starts it.');
}

export function restrictedModeReason(l10n: Translator = english): string {
  return l10n.t('Not started — not allowed: the workspace is in Restricted Mode. Trust the workspace to start its servers.');
}

/**
 * Spec §12: servers from the user's settings start; a server the workspace defines starts only once the user
 * allowed that exact definition, and never in Restricted Mode.
 */
export function partitionMcpServers(servers: readonly McpServerConfig[], trust: TrustStore, workspaceTrusted: boolean, l10n: Translator = english): { start: McpServerConfig[]; blocked: BlockedMcpServer[] } {
  const start: McpServerConfig[] = [];
  const blocked: BlockedMcpServer[] = [];
  for (const server of servers) {
    if (server.source === 'settings') {
      start.push(server);
      continue;
    }
    const subject = mcpServerSubject(server);
    if (workspaceTrusted && trust.isAllowed(subject)) start.push(server);
    else blocked.push({ name: server.name, reason: workspaceTrusted ? notAllowedReason(l10n) : restrictedModeReason(l10n), subject });
  }
  return { start, blocked };
}

/** How the prompt and the log name what a server runs. */
export function describeMcpServer(server: McpServerConfig): string {
  return server.transport === 'stdio' ? [server.command, ...server.args].join(' ') : server.url;
}
