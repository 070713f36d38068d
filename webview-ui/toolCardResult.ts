import { diffCounts } from './diffCounts';
import type { TranscriptEntry } from '../src/protocol/transcript';
import { codicon } from './codicon';
import { post } from './vscodeApi';
import { t } from './l10n';
import { memoryChangeLines, type MemoryDetail } from './memoryCard';

interface ResultDetail {
  exitCode?: number | null;
  sandboxed?: boolean;
  unasked?: { kind: string; rules?: string[] };
  timedOut?: boolean;
  outputTail?: string;
  path?: string;
  added?: number;
  removed?: number;
  newProblems?: string[];
  memory?: MemoryDetail;
}

/** A Read result's numbered line (`    12\tcode`) and a Grep or Usages match (`src/a.ts:12: code`). */
const numberedLine = /^\s*(\d+)\t(.*)$/;
const grepMatch = /^(.+?):(\d+): (.*)$/;
/** A problem (`src/a.ts:2:3 error ts 2322: …`, spec §13) and a workspace symbol (`function total — src/a.ts:1`). */
const problemMatch = /^(.+?):(\d+):(\d+) ((?:error|warning)\b.*)$/;
const symbolMatch = /^(.+ — )(.+):(\d+)$/;

/**
 * What a card shows of its call's outcome (spec §10), as an element with data-kind="tool-result": the result's
 * first line, the rest on demand; Read and Grep lines open the file at that line; an edit's +/− lines and its
 * diff; a command's exit code and the tail of its output, streamed while it runs.
 */
export function toolCardResult(entry: TranscriptEntry): HTMLElement | undefined {
  const meta = entry.meta ?? {};
  const tool = String(meta.name ?? '');
  const detail = (meta.detail ?? {}) as ResultDetail;
  if (typeof meta.result !== 'string') return typeof meta.output === 'string' ? liveOutput(meta.output) : undefined;
  const section = document.createElement('div');
  section.className = 'tool-result';
  section.dataset.kind = 'tool-result';
  const [first = '', ...rest] = meta.result.split('\n');
  const path = typeof (meta.params as Record<string, unknown> | undefined)?.path === 'string' ? String((meta.params as Record<string, unknown>).path) : undefined;

  // The completion entry right below the card shows the result; the card says only that it finished.
  if (tool === 'AttemptCompletion' && meta.status === 'done') {
    section.append(summaryLine(t('card.finished')));
    return section;
  }
  if (tool === 'Bash' && 'exitCode' in detail) {
    section.append(exitLine(detail, entry.id), ...(detail.outputTail ? [outputBlock(detail.outputTail, t('card.outputTail'))] : []));
    return section;
  }
  if (tool === 'Memory' && detail.memory) {
    section.append(...memoryChangeLines(first, detail.memory, entry.id, path ?? String((meta.params as Record<string, unknown> | undefined)?.old_path ?? '')));
    return section;
  }
  if (typeof detail.added === 'number' && detail.path && entry.turnId) {
    section.append(editLine(first, detail as Required<Pick<ResultDetail, 'path' | 'added'>> & ResultDetail, entry.turnId), ...newProblems(detail));
    return section;
  }
  if (detail.newProblems?.length) {
    section.append(summaryLine(first), ...newProblems(detail));
    return section;
  }
  // A todo list's items are in the pinned checklist; the card keeps the one-line recap.
  if (rest.length === 0 || tool === 'TodoWrite') {
    section.append(summaryLine(tool === 'TodoWrite' ? first.replace(/^Todo list updated\.\s*/, '') : first));
    return section;
  }
  const details = document.createElement('details');
  details.className = 'tool-result-details';
  const summary = document.createElement('summary');
  summary.textContent = first;
  const lines = document.createElement('div');
  lines.className = 'tool-result-lines';
  for (const line of rest) lines.append(resultLine(tool, line, path));
  details.append(summary, lines);
  section.append(details);
  return section;
}

/** An edit's new problems, each opening its file at its line. */
function newProblems(detail: ResultDetail): HTMLElement[] {
  if (!detail.newProblems?.length) return [];
  const block = document.createElement('div');
  block.className = 'tool-result-lines new-problems';
  block.dataset.kind = 'new-problems';
  block.append(summaryLine(t('card.newProblems')), ...detail.newProblems.map((line) => resultLine('Problems', line, undefined)));
  return [block];
}

function summaryLine(text: string): HTMLElement {
  const line = document.createElement('div');
  line.className = 'tool-result-line';
  line.textContent = text;
  return line;
}

function resultLine(tool: string, text: string, path: string | undefined): HTMLElement {
  const row = document.createElement('div');
  row.className = 'tool-result-line';
  const read = tool === 'Read' && path ? numberedLine.exec(text) : null;
  const grep = tool === 'Grep' || tool === 'Usages' ? grepMatch.exec(text) : null;
  const problem = problemMatch.exec(text);
  const symbol = tool === 'Symbols' ? symbolMatch.exec(text) : null;
  if (read) row.append(fileLink(path!, Number(read[1]), read[1]!), ` ${read[2]}`);
  else if (grep) row.append(fileLink(grep[1]!, Number(grep[2]), `${grep[1]}:${grep[2]}`), ` ${grep[3]}`);
  else if (problem) row.append(fileLink(problem[1]!, Number(problem[2]), `${problem[1]}:${problem[2]}:${problem[3]}`), ` ${problem[4]}`);
  else if (symbol) row.append(symbol[1]!, fileLink(symbol[2]!, Number(symbol[3]), `${symbol[2]}:${symbol[3]}`));
  else row.textContent = text;
  return row;
}

function fileLink(path: string, line: number, label: string): HTMLElement {
  const link = document.createElement('button');
  link.className = 'link file-line';
  link.textContent = label;
  link.title = t('card.openAtLine', path, line);
  link.setAttribute('aria-label', t('card.openAtLine', path, line));
  link.addEventListener('click', () => post({ type: 'openFile', path, line }));
  return link;
}

function exitLine(detail: ResultDetail, entryId: string): HTMLElement {
  const line = document.createElement('div');
  line.className = `tool-exit ${detail.exitCode === 0 ? 'exit-ok' : 'exit-failed'}`;
  line.dataset.exitCode = String(detail.exitCode ?? '');
  line.textContent = detail.timedOut ? t('card.timedOut') : detail.exitCode === null || detail.exitCode === undefined ? t('card.killed') : t('card.exitCode', detail.exitCode);
  if (detail.sandboxed) {
    const badge = document.createElement('span');
    badge.className = 'tool-sandboxed';
    badge.dataset.kind = 'sandboxed';
    badge.title = t('card.sandboxedTitle');
    badge.textContent = t('card.sandboxed');
    // Spec §18: leaving the sandbox is the user's call; the host asks the agent for it, and the run asks as any command.
    const outside = document.createElement('button');
    outside.className = 'link run-outside-sandbox';
    outside.textContent = t('card.runOutsideSandbox');
    outside.addEventListener('click', () => post({ type: 'runOutsideSandbox', entryId }));
    line.append(' · ', badge, ' ', outside);
  } else if (detail.unasked) line.append(' · ', unaskedBadge(detail.unasked));
  return line;
}

/** Spec §23: why a command ran without asking, `read-only`, `allowed: <rule>` or `auto-approved`. */
function unaskedBadge(unasked: NonNullable<ResultDetail['unasked']>): HTMLElement {
  const badge = document.createElement('span');
  badge.className = 'tool-sandboxed tool-unasked';
  badge.dataset.kind = unasked.kind;
  badge.textContent = unasked.kind === 'read-only' ? t('card.readOnly') : unasked.kind === 'allowed' ? t('card.allowed', (unasked.rules ?? []).join(', ')) : t('card.autoApproved');
  return badge;
}

function editLine(first: string, detail: ResultDetail & { path: string; added: number }, turnId: string): HTMLElement {
  const line = document.createElement('div');
  line.className = 'tool-edit';
  const open = document.createElement('button');
  open.className = 'link open-diff';
  open.append(codicon('diff'), ` ${t('card.openDiffLabel')}`);
  open.title = first;
  open.setAttribute('aria-label', t('changes.openDiff', detail.path));
  open.addEventListener('click', () => post({ type: 'openChange', turnId, path: detail.path }));
  line.append(diffCounts('edit-counts', detail.added, detail.removed ?? 0), open);
  return line;
}

function liveOutput(output: string): HTMLElement {
  const section = document.createElement('div');
  section.className = 'tool-result tool-live';
  section.append(outputBlock(output, t('card.outputSoFar')));
  return section;
}

function outputBlock(text: string, label: string): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = 'tool-output';
  pre.setAttribute('aria-label', label);
  pre.textContent = text;
  return pre;
}
