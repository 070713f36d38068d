import * as vscode from 'vscode';
import { mcpJsonPath } from '../core/mcp/mcpJsonFile';
import { mcpServerList } from '../core/mcp/mcpServerList';
import type { Settings } from '../core/settings';
import type { NodeMcpConnections } from '../node/mcp/nodeMcpConnections';
import { english } from '../core/ports/translator';
import type { TrustStore } from '../core/ports/trustStore';
import { McpServerApproval } from './trust/mcpServerApproval';
import { watchFiles } from './files/watchFiles';
import { l10n } from './hostL10n';

/**
 * Keeps the running MCP servers in step with `.vscode/mcp.json` and `codeagent.mcp.servers` (spec §12):
 * loaded at activation, reloaded when the file or the setting changes. Never throws into activation or chat.
 * A server the workspace's file defines starts only once the user allowed it (McpServerApproval).
 */
export class McpServersConfig implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private loading: Promise<void> = Promise.resolve();
  private readonly approvals: McpServerApproval;

  constructor(
    private readonly connections: NodeMcpConnections,
    private readonly settings: () => Settings,
    private readonly workspaceRoot: () => string | undefined,
    private readonly output: vscode.LogOutputChannel,
    trust: TrustStore,
  ) {
    this.approvals = new McpServerApproval(trust, output, () => void this.reload());
    const root = workspaceRoot();
    if (root) {
      this.disposables.push(watchFiles(root, mcpJsonPath, () => this.reloadSoon()));
    }
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('codeagent.mcp.servers')) this.reloadSoon();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.reloadSoon()),
    );
  }

  /** Reads both sources and (re)starts what changed; resolves when every started server is ready or failed. */
  reload(): Promise<void> {
    // Reads are applied in order; the next one waits for this one's launch, not for its servers to be ready.
    const applied = this.loading.then(() => this.load());
    this.loading = applied.then(() => undefined, (error: unknown) => this.output.error(`MCP servers: ${String(error)}`));
    return applied.then(({ ready }) => ready, () => undefined);
  }

  /** The panel's `Allow <server>` for a workspace's server that is not started. */
  allow(name: string): Promise<void> {
    return this.approvals.allow(name);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** An editor saving the file fires several events: one reload. */
  private reloadSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), 300);
  }

  private async load(): Promise<{ ready: Promise<void> }> {
    const root = this.workspaceRoot();
    const fileText = root ? await readText(vscode.Uri.joinPath(vscode.Uri.file(root), mcpJsonPath)) : undefined;
    const list = mcpServerList(fileText, this.settings().mcp.servers, { workspaceFolder: root, env: process.env });
    for (const problem of list.problems) this.output.warn(`MCP servers: ${problem(english)}`);
    const { start, blocked } = this.approvals.partition(list.servers);
    const notAllowed = blocked.map(({ name, reason }) => ({ name, reason, transport: list.servers.find((s) => s.name === name)!.transport }));
    const invalid = list.invalid.map(({ name, reason }) => ({ name, reason: l10n.t('Invalid configuration: {0}', reason(l10n)) }));
    return this.connections.reconfigure(start, invalid, notAllowed);
  }
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
