import { ChildAgentView, type TranscriptEntry } from '../src/protocol/transcript';
import { formatCost, formatTokens } from './format';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';

/** Parameters worth a line in the card header; long ones (file bodies, edits) go in a collapsible block. */
const keyParams = ['path', 'pattern', 'command', 'question', 'result', 'query', 'goal'];
const statusLabels: Record<string, string> = { streaming: '…', pending: 'running', awaiting: 'awaiting approval', success: '✓', error: '✗ error', rejected: '✗ rejected', cancelled: '■ cancelled' };

export function toolCallCard(entry: TranscriptEntry): Node[] {
  const meta = entry.meta ?? {};
  const params = (meta.params ?? {}) as Record<string, unknown>;
  const status = String(meta.status ?? '');
  const header = document.createElement('div');
  header.className = 'entry-header tool-header';
  const name = document.createElement('span');
  name.className = 'tool-name';
  name.textContent = String(meta.name ?? 'Tool');
  const key = document.createElement('span');
  key.className = 'tool-key';
  key.textContent = keyParams.map((k) => params[k]).filter((v) => typeof v === 'string' && v.length < 300).join(' ');
  const state = document.createElement('span');
  state.className = `tool-status status-${status}`;
  state.textContent = statusLabels[status] ?? status;
  const child = meta.name === 'Task' ? ChildAgentView.safeParse(meta.child) : undefined;
  if (child?.success) header.append(name, childStatus(child.data), key, ...(status === 'pending' ? [] : [state]));
  else header.append(name, key, state);

  const nodes: Node[] = [header];
  if (meta.name === 'AskUser' && status === 'pending') nodes.push(answerButtons(params.options));
  for (const [param, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    if (keyParams.includes(param) && text.length < 300) continue;
    const details = document.createElement('details');
    details.open = status === 'streaming';
    const summary = document.createElement('summary');
    summary.textContent = `${param} (${text.split('\n').length} lines)`;
    const pre = document.createElement('pre');
    pre.textContent = text;
    details.append(summary, pre);
    nodes.push(details);
  }
  return nodes;
}

/** The sub-agent behind a Task card: `reviewer · running · 3 steps · ↑1.2k ↓340 · $0.0012`. */
function childStatus(child: ChildAgentView): HTMLElement {
  const element = document.createElement('span');
  element.className = `child-status child-${child.status}`;
  element.dataset.status = child.status;
  const parts = [
    ...(child.agent ? [child.agent] : []),
    child.status,
    `${child.steps} ${child.steps === 1 ? 'step' : 'steps'}`,
    `↑${formatTokens(child.inputTokens)} ↓${formatTokens(child.outputTokens)}`,
    ...(child.cost > 0 ? [formatCost(child.cost)] : []),
  ];
  element.textContent = parts.join(' · ');
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
