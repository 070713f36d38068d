/** The MCP servers CodeAgent is a client of (spec §12). Implemented on the official SDK in src/node/mcp. */

export interface McpToolInfo {
  /** The server's own name for the tool. */
  name: string;
  description?: string;
  /** The tool's JSON schema for its arguments (an object schema). */
  inputSchema: Record<string, unknown>;
  /** The server annotated it `readOnlyHint`. */
  readOnly: boolean;
}

/** `notAllowed`: a workspace's server the user has not allowed yet (spec §12); it was never started. */
export type McpServerStatus = 'starting' | 'ready' | 'failed' | 'stopped' | 'notAllowed';

export interface McpServerState {
  name: string;
  transport: 'stdio' | 'http';
  status: McpServerStatus;
  /** Listed once the server is ready. */
  tools: readonly McpToolInfo[];
  /** Why it failed (or stopped after being ready). */
  error?: string;
  /** The last lines a stdio server wrote to stderr, as of when it failed. */
  stderrTail: readonly string[];
  /** Start to ready, when it got there. */
  startupMs?: number;
}

/** One item of a tool's result content (MCP `CallToolResult.content`), as much as CodeAgent uses of it. */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; bytes: number }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; bytes?: number }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string }
  | { type: 'other'; kind: string };

export interface McpCallResult {
  content: McpContent[];
  /** The server reported the call as failed (`isError`). */
  isError: boolean;
  structuredContent?: unknown;
  /** Round trip as the client measured it. */
  durationMs: number;
}

export interface McpConnections {
  servers(): readonly McpServerState[];
  /** Rejects on timeout, cancellation (`signal`), a server that is not ready or went away, or a protocol error. */
  callTool(server: string, tool: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpCallResult>;
  /** Called whenever a server's state changes; returns the unsubscribe. */
  onDidChange(listener: () => void): () => void;
}
