import type { McpServerView } from '../src/protocol/messages';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t, tn } from './l10n';

const statusText = (status: McpServerView['status']) => t(`mcp.${status}`);

/**
 * The MCP servers at the top of the panel (spec §12): one `data-kind="mcp"` row per server with its state,
 * why it failed and its last stderr lines, and a `Restart <server>` button (`Allow <server>` for a workspace's
 * server the user has not allowed yet). Hidden while none is configured.
 */
export class McpServersSection {
  private readonly section: HTMLElement;

  constructor(before: HTMLElement) {
    this.section = document.createElement('section');
    this.section.id = 'mcp-servers';
    this.section.setAttribute('aria-label', t('mcp.section'));
    this.section.hidden = true;
    before.before(this.section);
  }

  show(servers: readonly McpServerView[]): void {
    this.section.hidden = servers.length === 0;
    this.section.replaceChildren(...servers.map(serverRow));
  }
}

function serverRow(server: McpServerView): HTMLElement {
  const row = document.createElement('div');
  row.className = `mcp-server mcp-${server.status}`;
  row.dataset.kind = 'mcp';
  row.dataset.server = server.name;
  row.dataset.status = server.status;

  const line = document.createElement('div');
  line.className = 'mcp-line';
  const dot = document.createElement('span');
  dot.className = 'mcp-dot';
  dot.setAttribute('aria-hidden', 'true');
  const name = document.createElement('span');
  name.className = 'mcp-name';
  name.textContent = t('mcp.name', server.name);
  const state = document.createElement('span');
  state.className = 'mcp-state';
  state.textContent = server.status === 'ready' ? tn(server.tools.length, 'mcp.readyWith.one', 'mcp.readyWith.other') : statusText(server.status);
  if (server.status === 'ready') state.title = server.tools.join(', ');
  const restart = server.status === 'notAllowed'
    ? vscodeButton(t('mcp.allow'), () => post({ type: 'allowMcpServer', name: server.name }))
    : vscodeButton(t('mcp.restart'), () => post({ type: 'restartMcpServer', name: server.name }), { secondary: true });
  restart.setAttribute('aria-label', server.status === 'notAllowed' ? t('mcp.allowName', server.name) : t('mcp.restartName', server.name));
  restart.className = server.status === 'notAllowed' ? 'mcp-allow' : 'mcp-restart';
  if (server.status === 'starting') restart.setAttribute('disabled', '');
  line.append(dot, name, state, restart);
  row.append(line);

  if (server.error) {
    const error = document.createElement('div');
    error.className = 'mcp-error';
    error.textContent = server.error;
    row.append(error);
  }
  if (server.status === 'failed' && server.stderrTail.length > 0) {
    const details = document.createElement('details');
    details.className = 'mcp-stderr';
    const summary = document.createElement('summary');
    summary.textContent = t('mcp.stderr');
    const pre = document.createElement('pre');
    pre.textContent = server.stderrTail.join('\n');
    details.append(summary, pre);
    row.append(details);
  }
  return row;
}
