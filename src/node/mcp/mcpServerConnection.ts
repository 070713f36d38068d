import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { McpCallFailure } from '../../core/mcp/mcpCallFailure';
import type { McpServerConfig } from '../../core/mcp/mcpServerConfig';
import type { McpCallResult, McpServerState, McpToolInfo } from '../../core/ports/mcpConnections';
import { LineTail } from './lineTail';
import { toMcpContent } from './mcpContent';
import { errorMessage } from '../../core/errorMessage';

export interface McpConnectionOptions {
  clientInfo: { name: string; version: string };
  /** Where a stdio server runs when its config names no `cwd`. */
  defaultCwd?: string;
  /** Start to ready (spawn, initialize, tools/list). */
  startupTimeoutMs: number;
  onChange: (state: McpServerState) => void;
}

/** One MCP server over the official SDK: its process or HTTP session, its state and its calls. */
export class McpServerConnection {
  private client: Client | undefined;
  private transport: Transport | undefined;
  private stderr = new LineTail();
  private current: McpServerState;
  /** Bumped by every start and stop: late callbacks of an older start change nothing. */
  private generation = 0;

  constructor(readonly config: McpServerConfig, private readonly options: McpConnectionOptions) {
    this.current = { name: config.name, transport: config.transport, status: 'stopped', tools: [], stderrTail: [] };
  }

  get state(): McpServerState {
    return this.current;
  }

  /** The server process (stdio), for tests that prove it is gone after stop. */
  get pid(): number | undefined {
    return this.transport instanceof StdioClientTransport ? (this.transport.pid ?? undefined) : undefined;
  }

  /** Resolves when the server is ready or has failed; never rejects. */
  async start(): Promise<void> {
    // A restart goes straight from ready to starting: the old connection closes without a `stopped` in between.
    await this.close();
    const generation = ++this.generation;
    this.stderr = new LineTail();
    this.update({ status: 'starting', tools: [], error: undefined, stderrTail: [], startupMs: undefined });
    const started = performance.now();
    const client = new Client(this.options.clientInfo, {
      capabilities: {},
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (generation !== this.generation || error || !tools) return;
            this.update({ tools: tools.map(toolInfo) });
          },
        },
      },
    });
    let transport: Transport;
    try {
      transport = this.createTransport();
    } catch (error) {
      return this.fail(generation, describeStartError(error, this.config));
    }
    this.client = client;
    this.transport = transport;
    client.onclose = () => {
      if (generation !== this.generation) return;
      const before = this.current.status;
      if (before === 'ready' || before === 'starting') this.fail(generation, before === 'ready' ? 'The server closed the connection (its process exited).' : 'The server exited during startup.');
    };
    try {
      await client.connect(transport, { timeout: this.options.startupTimeoutMs });
      const tools = await listAllTools(client, this.options.startupTimeoutMs);
      if (generation !== this.generation) return;
      this.update({ status: 'ready', tools, startupMs: Math.round(performance.now() - started) });
    } catch (error) {
      if (generation !== this.generation) return;
      // A process that died says why on stderr; give it a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 50));
      this.fail(generation, describeStartError(error, this.config));
    }
  }

  /** Closes the connection and, for stdio, ends the process (stdin closed, then SIGTERM, then SIGKILL). */
  async stop(): Promise<void> {
    const closing = this.close();
    if (this.current.status !== 'stopped' && this.current.status !== 'failed') this.update({ status: 'stopped', tools: [] });
    await closing;
  }

  private async close(): Promise<void> {
    this.generation++;
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    try {
      if (client) await client.close();
      else await transport?.close();
    } catch {
      // Closing a connection that already broke has nothing left to do.
    }
  }

  /** The SDK client of a ready server, for prompts and resources (mcpPromptsAndResources.ts). */
  readyClient(): Client {
    if (!this.client || this.current.status !== 'ready') {
      throw new McpCallFailure('unavailable', `The MCP server "${this.config.name}" is ${this.current.status}${this.current.error ? `: ${this.current.error}` : ''}.`);
    }
    return this.client;
  }

  async callTool(tool: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpCallResult> {
    const client = this.client;
    if (!client || this.current.status !== 'ready') {
      throw new McpCallFailure('unavailable', `The MCP server "${this.config.name}" is ${this.current.status}${this.current.error ? `: ${this.current.error}` : ''}.`);
    }
    const started = performance.now();
    // The SDK never removes its abort listener: it gets a signal of its own per call, so the turn's signal
    // does not collect one listener per MCP call.
    const call = new AbortController();
    const cancel = () => call.abort(options.signal.reason);
    options.signal.addEventListener('abort', cancel, { once: true });
    if (options.signal.aborted) call.abort(options.signal.reason);
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal: call.signal, timeout: options.timeoutMs });
      const content = Array.isArray(result.content) ? (result.content as Record<string, unknown>[]).map(toMcpContent) : [];
      return {
        content,
        isError: result.isError === true,
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      if (options.signal.aborted) throw new McpCallFailure('cancelled', 'Cancelled by the user.');
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) throw new McpCallFailure('timeout', error.message);
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) throw new McpCallFailure('unavailable', `The MCP server "${this.config.name}" closed the connection during the call.`);
      throw new McpCallFailure('protocol', errorMessage(error));
    } finally {
      options.signal.removeEventListener('abort', cancel);
    }
  }

  private createTransport(): Transport {
    const config = this.config;
    if (config.transport === 'http') return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
    // The SDK's safe default environment (PATH, HOME, …) plus the server's own; `null` unsets a variable.
    const env: Record<string, string> = { ...getDefaultEnvironment() };
    for (const [key, value] of Object.entries(config.env)) {
      if (value === null) delete env[key];
      else env[key] = value;
    }
    const transport = new StdioClientTransport({ command: config.command, args: config.args, env, cwd: config.cwd ?? this.options.defaultCwd, stderr: 'pipe' });
    // Kept, not published: the tail matters when the server fails, and a chatty server must not flood the panel.
    const stderr = this.stderr;
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    return transport;
  }

  private fail(generation: number, reason: string): void {
    if (generation !== this.generation) return;
    this.update({ status: 'failed', tools: [], error: reason, stderrTail: this.stderr.get() });
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    void (client ? client.close() : transport?.close())?.catch(() => undefined);
  }

  private update(change: Partial<McpServerState>): void {
    this.current = { ...this.current, ...change };
    this.options.onChange(this.current);
  }
}

async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...page.tools.map(toolInfo));
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

function toolInfo(tool: Tool): McpToolInfo {
  return {
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    readOnly: tool.annotations?.readOnlyHint === true,
  };
}

function describeStartError(error: unknown, config: McpServerConfig): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (config.transport === 'stdio' && code === 'ENOENT') return `Could not start "${config.command}": command not found (ENOENT). Check "command" and PATH.`;
  if (config.transport === 'stdio' && code === 'EACCES') return `Could not start "${config.command}": permission denied (EACCES).`;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return 'The server did not finish starting in time (no answer to initialize or tools/list).';
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return 'The server exited during startup.';
  const message = errorMessage(error);
  return config.transport === 'http' ? `Could not connect to ${config.url}: ${message}` : message;
}
