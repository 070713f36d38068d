import { sameServerConfig, type McpServerConfig } from '../../core/mcp/mcpServerConfig';
import type { McpCallResult, McpConnections, McpServerState } from '../../core/ports/mcpConnections';
import { McpCallFailure } from '../../core/mcp/mcpCallFailure';
import { McpServerConnection } from './mcpServerConnection';
import type { McpPromptsAndResources } from '../../core/ports/mcpPrompts';
import { getPrompt, listPrompts, listResources, onReadyClient, readResource } from './mcpPromptsAndResources';

export interface NodeMcpConnectionsOptions {
  clientInfo: { name: string; version: string };
  defaultCwd?: string;
  startupTimeoutMs?: number;
  /** Every state change, for the output channel. */
  log?: (state: McpServerState) => void;
}

/** A config that could not be used: shown as a failed server with the reason (the user's words), never started. */
export interface InvalidMcpServer {
  name: string;
  reason: string;
}

/** A workspace's server the user has not allowed (spec §12): shown as not started, never started. */
export type NotAllowedMcpServer = InvalidMcpServer & { transport: 'stdio' | 'http' };

/**
 * The configured MCP servers (spec §12): started in parallel, each failing on its own; `configure` restarts
 * only the servers whose config changed and stops the ones that are gone; `dispose` ends every process.
 */
export class NodeMcpConnections implements McpConnections, McpPromptsAndResources {
  private readonly connections = new Map<string, McpServerConnection>();
  /** Invalid and not-allowed servers: shown, never started. */
  private unstarted: McpServerState[] = [];
  private readonly listeners = new Set<() => void>();
  private snapshot: McpServerState[] | undefined;
  private readonly lastLogged = new Map<string, McpServerState>();
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly options: NodeMcpConnectionsOptions) {}

  servers(): readonly McpServerState[] {
    this.snapshot ??= [...[...this.connections.values()].map((c) => c.state), ...this.unstarted].sort((a, b) => a.name.localeCompare(b.name));
    return this.snapshot;
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every (re)started server is ready or failed. */
  async configure(servers: readonly McpServerConfig[], invalid: readonly InvalidMcpServer[] = [], notAllowed: readonly NotAllowedMcpServer[] = []): Promise<void> {
    await (await this.reconfigure(servers, invalid, notAllowed)).ready;
  }

  /**
   * Applies a config: resolves once the changed servers are stopped and the new ones launched, without waiting
   * for them to be ready (`ready`), so a server slow to start never holds up the next edit of the config.
   * Calls are applied one after another: two quick edits never start the same server twice.
   */
  reconfigure(servers: readonly McpServerConfig[], invalid: readonly InvalidMcpServer[] = [], notAllowed: readonly NotAllowedMcpServer[] = []): Promise<{ ready: Promise<void> }> {
    const applied = this.applying.then(() => this.apply(servers, invalid, notAllowed));
    this.applying = applied.then(() => undefined, () => undefined);
    return applied;
  }

  private async apply(servers: readonly McpServerConfig[], invalid: readonly InvalidMcpServer[], notAllowed: readonly NotAllowedMcpServer[]): Promise<{ ready: Promise<void> }> {
    const wanted = new Map(servers.map((server) => [server.name, server]));
    const stopping: Promise<void>[] = [];
    for (const [name, connection] of this.connections) {
      const next = wanted.get(name);
      if (next && sameServerConfig(connection.config, next)) continue;
      this.connections.delete(name);
      stopping.push(connection.stop());
    }
    this.unstarted = [
      ...invalid.map(({ name, reason }): McpServerState => ({ name, transport: 'stdio', status: 'failed', tools: [], error: reason, stderrTail: [] })),
      ...notAllowed.map(({ name, reason, transport }): McpServerState => ({ name, transport, status: 'notAllowed', tools: [], error: reason, stderrTail: [] })),
    ];
    for (const state of this.unstarted) this.options.log?.(state);
    await Promise.all(stopping);
    const starting: Promise<void>[] = [];
    for (const server of servers) {
      if (this.connections.has(server.name)) continue;
      const connection = this.createConnection(server);
      this.connections.set(server.name, connection);
      starting.push(connection.start());
    }
    this.changed();
    return { ready: Promise.all(starting).then(() => undefined) };
  }

  async restart(name: string): Promise<void> {
    await this.connections.get(name)?.start();
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpCallResult> {
    const connection = this.connections.get(server);
    if (!connection) return Promise.reject(new McpCallFailure('unavailable', `No MCP server is configured under the name "${server}".`));
    return connection.callTool(tool, args, options);
  }

  prompts(server: string, signal: AbortSignal) {
    return onReadyClient(() => this.connection(server).readyClient(), signal, (client) => listPrompts(client, signal));
  }

  getPrompt(server: string, prompt: string, args: Record<string, string>, signal: AbortSignal) {
    return onReadyClient(() => this.connection(server).readyClient(), signal, (client) => getPrompt(client, prompt, args, signal));
  }

  resources(server: string, signal: AbortSignal) {
    return onReadyClient(() => this.connection(server).readyClient(), signal, (client) => listResources(client, signal));
  }

  readResource(server: string, uri: string, signal: AbortSignal) {
    return onReadyClient(() => this.connection(server).readyClient(), signal, (client) => readResource(client, uri, signal));
  }

  private connection(server: string): McpServerConnection {
    const connection = this.connections.get(server);
    if (!connection) throw new McpCallFailure('unavailable', `No MCP server is configured under the name "${server}".`);
    return connection;
  }

  /** The stdio server's process id, for tests that check it is gone. */
  pidOf(server: string): number | undefined {
    return this.connections.get(server)?.pid;
  }

  async dispose(): Promise<void> {
    const all = [...this.connections.values()];
    this.connections.clear();
    this.unstarted = [];
    await Promise.all(all.map((connection) => connection.stop()));
    this.changed();
  }

  private createConnection(config: McpServerConfig): McpServerConnection {
    return new McpServerConnection(config, {
      clientInfo: this.options.clientInfo,
      defaultCwd: this.options.defaultCwd,
      startupTimeoutMs: this.options.startupTimeoutMs ?? 30_000,
      onChange: (state) => {
        // A connection already replaced by a newer config must not show up again.
        if (this.connections.get(config.name)?.config !== config) return;
        // stderr arrives line by line: the log gets one line per status change, not one per chunk.
        const before = this.lastLogged.get(state.name);
        if (before?.status !== state.status || before.error !== state.error) {
          this.lastLogged.set(state.name, state);
          this.options.log?.(state);
        }
        this.changed();
      },
    });
  }

  private changed(): void {
    this.snapshot = undefined;
    for (const listener of this.listeners) listener();
  }
}
