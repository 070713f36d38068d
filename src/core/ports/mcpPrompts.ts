/** An MCP server's prompts and resources (spec §12, §17): the part of MCP beyond tools. Implemented on the SDK in src/node/mcp. */

export interface McpPromptInfo {
  name: string;
  description?: string;
  arguments: { name: string; description?: string; required: boolean }[];
}

export interface McpResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

/** A prompt message or a resource's content, as much as CodeAgent uses of it. */
export type McpTextPart = { kind: 'text'; text: string; uri?: string; mimeType?: string } | { kind: 'binary'; uri?: string; mimeType?: string; bytes: number };

export interface McpPromptMessage {
  role: 'user' | 'assistant';
  parts: McpTextPart[];
}

/** Each call rejects (McpCallFailure) on a server that is not ready, a timeout, cancellation or a protocol error. */
export interface McpPromptsAndResources {
  /** [] when the server offers no prompts. */
  prompts(server: string, signal: AbortSignal): Promise<McpPromptInfo[]>;
  getPrompt(server: string, prompt: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptMessage[]>;
  /** [] when the server offers no resources. */
  resources(server: string, signal: AbortSignal): Promise<McpResourceInfo[]>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpTextPart[]>;
}
