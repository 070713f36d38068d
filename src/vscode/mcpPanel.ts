import { PostingViewPart } from './viewPart';
import type { McpConnections, McpServerState } from '../core/ports/mcpConnections';
import type { McpServerView, WebviewMessage } from '../protocol/messages';

/** The panel's MCP section: each server's state on every change and when the view (re)loads, its Restart and Allow buttons. */
export class McpPanel extends PostingViewPart {
  private readonly unsubscribe: () => void;

  constructor(private readonly connections: McpConnections, private readonly restart: (name: string) => void, private readonly allow: (name: string) => void = () => {}) {
    super();
    this.unsubscribe = connections.onDidChange(() => this.send());
  }

  /** True when the message was the panel's own; `ready` is also the chat's, so it is never consumed. */
  handle(message: WebviewMessage): boolean {
    if (message.type === 'ready') this.send();
    if (message.type === 'allowMcpServer') this.allow(message.name);
    else if (message.type === 'restartMcpServer') this.restart(message.name);
    else return false;
    return true;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private send(): void {
    this.post?.({ type: 'mcpServers', servers: this.connections.servers().map(mcpServerView) });
  }
}

export function mcpServerView(state: McpServerState): McpServerView {
  return {
    name: state.name,
    transport: state.transport,
    status: state.status,
    tools: state.tools.map((tool) => tool.name),
    ...(state.error ? { error: state.error } : {}),
    stderrTail: [...state.stderrTail],
    ...(state.startupMs !== undefined ? { startupMs: state.startupMs } : {}),
  };
}
