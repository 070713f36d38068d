import * as vscode from 'vscode';
import { McpToolSet } from '../core/mcp/mcpToolSet';
import { McpPromptCatalog } from '../core/mcp/mcpPromptCatalog';
import { builtInToolNames } from '../core/orchestration/toolSets';
import type { TrustStore } from '../core/ports/trustStore';
import type { Settings } from '../core/settings';
import type { AnyToolDefinition } from '../core/tools/toolTypes';
import { NodeMcpConnections } from '../node/mcp/nodeMcpConnections';
import { McpPanel } from './mcpPanel';
import { logMcpState } from './mcpLog';
import { McpServersConfig } from './mcpServers';

export interface McpSetup {
  /** The ready servers' tools, for the next turn. */
  tools: () => AnyToolDefinition[];
  panel: McpPanel;
  /** Prompts (`/mcp.…`) and resources (`@mcp:…`) of the servers. */
  connections: NodeMcpConnections;
  prompts: McpPromptCatalog;
  disposables: vscode.Disposable[];
  /** Ends every server (deactivation waits for it: no process is left behind). */
  stop: () => Promise<void>;
}

/** MCP servers start in the background: a slow or broken one never holds up activation or chat (spec §12). */
export function startMcpServers(options: { version: string; settings: () => Settings; workspaceRoot: () => string | undefined; output: vscode.LogOutputChannel; trust: TrustStore }): McpSetup {
  const connections = new NodeMcpConnections({
    clientInfo: { name: 'CodeAgent', version: options.version },
    defaultCwd: options.workspaceRoot(),
    log: (state) => logMcpState(options.output, state),
  });
  const config = new McpServersConfig(connections, options.settings, options.workspaceRoot, options.output, options.trust);
  void config.reload();
  const toolSet = new McpToolSet(connections, builtInToolNames);
  const panel = new McpPanel(connections, (name) => void connections.restart(name), (name) => void config.allow(name));
  const prompts = new McpPromptCatalog(connections, (problem) => options.output.warn(problem));
  return {
    tools: () => toolSet.tools(),
    panel,
    connections,
    prompts,
    disposables: [config, panel, prompts],
    stop: async () => {
      config.dispose();
      await connections.dispose();
    },
  };
}
