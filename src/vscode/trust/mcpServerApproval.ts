import * as vscode from 'vscode';
import type { McpServerConfig } from '../../core/mcp/mcpServerConfig';
import type { TrustStore } from '../../core/ports/trustStore';
import { canonicalDefinition } from '../../core/trust/canonicalDefinition';
import { describeMcpServer, partitionMcpServers, type BlockedMcpServer } from '../../core/trust/mcpServerTrust';
import { l10n } from '../hostL10n';

/**
 * Spec §12: a server that `.vscode/mcp.json` defines starts only after the user allowed that exact definition;
 * one prompt per definition and window, and the `Allow <server>` of its panel row.
 */
export class McpServerApproval {
  private blocked = new Map<string, BlockedMcpServer>();
  private readonly prompted = new Set<string>();

  constructor(
    private readonly store: TrustStore,
    private readonly output: vscode.LogOutputChannel,
    /** Applies the config again once a server is allowed. */
    private readonly reload: () => void,
  ) {}

  /** What may start now; the rest is remembered for Allow and asked about once. */
  partition(servers: readonly McpServerConfig[]): { start: McpServerConfig[]; blocked: BlockedMcpServer[] } {
    const trusted = vscode.workspace.isTrusted;
    const result = partitionMcpServers(servers, this.store, trusted, l10n);
    this.blocked = new Map(result.blocked.map((server) => [server.name, server]));
    for (const server of result.blocked) {
      const config = servers.find((s) => s.name === server.name)!;
      this.output.warn(`MCP server "${server.name}" from .vscode/mcp.json (${describeMcpServer(config)}): ${server.reason}`);
      if (trusted) void this.ask(server, describeMcpServer(config));
    }
    return result;
  }

  /** The panel's `Allow <server>`: allows the definition it showed and starts it. */
  async allow(name: string): Promise<void> {
    const server = this.blocked.get(name);
    if (!server) return;
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: the workspace is in Restricted Mode; trust it to start the MCP server "{0}".', name));
      return;
    }
    await this.store.allow(server.subject);
    this.output.info(`MCP server "${name}": allowed for this workspace.`);
    this.reload();
  }

  private async ask(server: BlockedMcpServer, runs: string): Promise<void> {
    const once = canonicalDefinition(server.subject);
    if (this.prompted.has(once)) return;
    this.prompted.add(once);
    const allow = vscode.l10n.t('Allow');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: this workspace’s .vscode/mcp.json defines the MCP server "{0}", which runs {1}. Start it?', server.name, runs), allow);
    // Only the definition the user was shown: a file changed meanwhile asks again.
    if (answer === allow && this.blocked.get(server.name)?.subject.definition === server.subject.definition) await this.allow(server.name);
  }
}
