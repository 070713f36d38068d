import { isTerminalToolCallStatus, toolCallStatusOf, type ToolCallStatus } from '../src/protocol/toolCallStatus';
import { ChildAgentView, type TranscriptEntry } from '../src/protocol/transcript';
import { agentBadge } from './agentBadge';
import { codicon, statusIcons, toolIcon } from './codicon';
import { formatCost, formatDuration, formatTokens } from './format';
import { stopTicking, tickWhileRunning } from './runningDuration';
import { toolCardResult } from './toolCardResult';
import { paramsFold } from './toolParams';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t, tn } from './l10n';

/** Parameters worth a place in the card header; long ones (file bodies, edits) go in a collapsible block. */
const keyParams = ['path', 'pattern', 'command', 'question', 'result', 'query', 'goal'];
/**
 * Tools whose parameters say nothing more once the call is under way: the todo list shows in its own widget,
 * a completion's result in the completion entry below the card.
 */
const quietParams = new Set(['TodoWrite', 'AttemptCompletion']);
/** An MCP tool's name, `mcp__<server>__<tool>`: the card shows the tool, then its server. */
const mcpName = /^mcp__(.+?)__(.+)$/;

/**
 * One card per tool call (spec §10), updated in place: the header (icon, tool, key parameter, duration, status)
 * stays, so its status element is a polite live region that speaks once per change; the body below it (live
 * parameters while streaming, then the result) is rebuilt. The call's approval and a Task's sub-agent steps are
 * entries of their own that sit inside the card and are left where they are.
 */
export function renderToolCard(entry: TranscriptEntry, card: HTMLElement): void {
  const meta = entry.meta ?? {};
  const params = (meta.params ?? {}) as Record<string, unknown>;
  const tool = String(meta.name ?? 'Tool');
  const status = toolCallStatusOf(meta.status) ?? 'running';
  card.dataset.status = status;
  card.dataset.tool = tool;
  // The log announces the card once when it appears; after that only its status element speaks.
  card.setAttribute('aria-live', 'off');
  const header = headerOf(card);
  updateHeader(header, entry, tool, params, status);

  const kept = (node: Node) => node === header || (node instanceof HTMLElement && (node.classList.contains('child-steps') || node.dataset.kind === 'approval'));
  for (const node of [...card.childNodes]) if (!kept(node)) node.remove();
  header.after(...paramBlocks(tool, params, status), ...(tool === 'AskUser' && status === 'running' ? [answerButtons(params.options)] : []));
  const result = toolCardResult(entry);
  if (result) {
    if (status === 'error' || status === 'rejected' || status === 'cancelled') result.classList.add(`result-${status}`);
    const steps = card.querySelector(':scope > .child-steps');
    if (steps) steps.before(result);
    else card.append(result);
  }
}

/** Puts a call's approval entry inside its card: after the parameters, before the result and any sub-agent steps. */
export function placeInCard(card: HTMLElement, element: HTMLElement): void {
  const anchor = card.querySelector(':scope > .tool-result, :scope > .child-steps');
  if (anchor) anchor.before(element);
  else card.append(element);
}

function headerOf(card: HTMLElement): HTMLElement {
  const existing = card.querySelector<HTMLElement>(':scope > .tool-header');
  if (existing) return existing;
  const header = document.createElement('div');
  header.className = 'entry-header tool-header';
  const status = document.createElement('span');
  status.className = 'tool-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-atomic', 'true');
  header.append(span('tool-icon'), span('tool-name'), span('tool-server'), span('tool-key'), span('tool-duration'), status);
  card.prepend(header);
  return header;
}

function updateHeader(header: HTMLElement, entry: TranscriptEntry, tool: string, params: Record<string, unknown>, status: ToolCallStatus): void {
  const meta = entry.meta ?? {};
  header.querySelector(':scope > .tool-icon')!.replaceChildren(codicon(toolIcon(tool)));
  // Every part of the header stays on its one line (styles.css); what does not fit ends in an ellipsis and
  // shows whole on hover.
  const mcp = mcpName.exec(tool);
  const nameElement = header.querySelector<HTMLElement>(':scope > .tool-name')!;
  setText(nameElement, mcp ? mcp[2]! : tool);
  nameElement.title = tool;
  const serverElement = header.querySelector<HTMLElement>(':scope > .tool-server')!;
  setText(serverElement, mcp ? mcp[1]! : '');
  serverElement.title = mcp ? t('card.mcpServer', mcp[1]!) : '';
  const key = keyText(tool, params, status);
  const keyElement = header.querySelector<HTMLElement>(':scope > .tool-key')!;
  setText(keyElement, key);
  keyElement.title = key;
  const durationElement = header.querySelector<HTMLElement>(':scope > .tool-duration')!;
  if (status === 'running') tickWhileRunning(durationElement);
  else stopTicking(durationElement, duration(meta, status));

  header.querySelector(':scope > .child-status')?.remove();
  header.querySelector(':scope > .agent-badge')?.remove();
  const child = tool === 'Task' ? ChildAgentView.safeParse(meta.child) : undefined;
  if (child?.success) {
    const status = childStatus(child.data);
    serverElement.after(status);
    nameElement.title = `${tool}: ${status.title}`;
  }
  if (entry.agent) serverElement.after(agentBadge(entry.agent));

  // Only a real change touches the live region, so a screen reader hears each status once.
  const state = header.querySelector<HTMLElement>(':scope > .tool-status')!;
  if (state.dataset.status === status) return;
  state.dataset.status = status;
  state.className = `tool-status status-${status}`;
  const icon = statusIcons[status];
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  spoken.textContent = `${tool}: `;
  const label = document.createElement('span');
  label.className = 'tool-status-label';
  label.textContent = t(`status.${status}`);
  state.replaceChildren(...(icon ? [codicon(icon.icon, icon.spin ? 'codicon-modifier-spin' : '')] : []), spoken, label);
}

/** The parameters the header shows: short values of the key parameters (none for the quiet tools once under way). */
function headerParams(tool: string, params: Record<string, unknown>, status: ToolCallStatus): string[] {
  if (tool === 'TodoWrite') return []; // its result line is the recap; the list itself is pinned above the input
  if (tool === 'AttemptCompletion' && status !== 'streaming') return [];
  return keyParams.filter((k) => typeof params[k] === 'string' && (params[k] as string).length < 300);
}

function keyText(tool: string, params: Record<string, unknown>, status: ToolCallStatus): string {
  return headerParams(tool, params, status).map((k) => (params[k] as string).replace(/\s+/g, ' ')).join(' ');
}

function duration(meta: Record<string, unknown>, status: ToolCallStatus): string {
  if (!isTerminalToolCallStatus(status)) return '';
  const detail = meta.detail as { durationMs?: unknown } | undefined;
  if (typeof detail?.durationMs === 'number') return formatDuration(detail.durationMs);
  return typeof meta.startedAt === 'number' && typeof meta.endedAt === 'number' ? formatDuration(meta.endedAt - meta.startedAt) : '';
}

/** The parameters the header does not show, as one short summary line; the raw values on demand. */
function paramBlocks(tool: string, params: Record<string, unknown>, status: ToolCallStatus): Node[] {
  if (quietParams.has(tool) && status !== 'streaming') return [];
  const shown = new Set(headerParams(tool, params, status));
  const fold = paramsFold(Object.fromEntries(Object.entries(params).filter(([name]) => !shown.has(name))), status === 'streaming');
  return fold ? [fold] : [];
}

/** The sub-agent behind a Task card: `reviewer · running · 3 steps · ↑1.2k ↓340 · $0.0012`. */
function childStatus(child: ChildAgentView): HTMLElement {
  const element = document.createElement('span');
  element.className = `child-status child-${child.status}`;
  element.dataset.status = child.status;
  const parts = [
    ...(child.agent ? [child.agent] : []),
    t(`child.${child.status}`),
    tn(child.steps, 'card.steps.one', 'card.steps.other'),
    `↑${formatTokens(child.inputTokens)} ↓${formatTokens(child.outputTokens)}`,
    ...(child.cost > 0 ? [formatCost(child.cost)] : []),
  ];
  element.textContent = parts.join(' · ');
  element.title = element.textContent;
  return element;
}

/** AskUser's suggested answers, one click each; typing a free answer works too. */
function answerButtons(options: unknown): Node {
  const row = document.createElement('div');
  row.className = 'buttons answer-options';
  const list: unknown[] = Array.isArray(options) ? options : typeof options === 'string' ? safeJsonArray(options) : [];
  for (const option of list.filter((o): o is string => typeof o === 'string')) {
    row.append(vscodeButton(option, () => post({ type: 'send', text: option }), { secondary: true }));
  }
  return row;
}

function safeJsonArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function span(className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  return element;
}

function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
