import type { WebviewMessage } from '../src/protocol/messages';
import { thumbnailsOf, type ThumbnailImage } from './imageThumbnails';
import type { TranscriptEntry } from '../src/protocol/transcript';
import { addAgentBadge } from './agentBadge';
import { approvalCard } from './approvalCard';
import { finishCodeBlocks } from './codeHighlighter';
import { renderMarkdown } from './markdown';
import { StreamingMarkdown } from './markdown/streamingMarkdown';
import { linkMentions, type MentionRef } from './mentionChips';
import { planChecklist } from './planChecklist';
import { renderToolCard } from './toolCallCard';
import { changesEntry } from './changesEntry';
import { copyWithFeedback, toolButton } from './codeBlockDecoration';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t } from './l10n';

const markdownKinds = new Set(['user', 'assistant', 'completion', 'thinking']);

/**
 * Builds or refreshes the DOM of one transcript entry; never touches other entries. Nested entries (the
 * `.child-steps` block of a Task card) are left in place, not rebuilt: they are entries of their own.
 */
export function renderEntry(entry: TranscriptEntry, existing?: HTMLElement): HTMLElement {
  const element = existing ?? document.createElement('div');
  element.className = `entry entry-${entry.kind}`;
  element.dataset.kind = entry.kind;
  element.dataset.id = entry.id;
  setData(element, 'agent', entry.agent);
  setData(element, 'phase', entry.kind === 'approval' ? String(entry.meta?.phase ?? '') : undefined);
  setData(element, 'refusal', entry.kind === 'assistant' && entry.meta?.refusal === true ? 'true' : undefined);
  hideIfEmpty(entry, element);
  if (entry.kind === 'tool-call') {
    renderToolCard(entry, element);
    return element;
  }
  const content = entryContent(entry, existing);
  const withBadge = entry.agent ? addAgentBadge(content, entry.agent) : content;
  const nested = element.querySelector(':scope > .child-steps');
  if (nested) {
    // Removing only the siblings keeps the children attached, so a nested approval's feedback keeps its focus.
    for (const node of [...element.childNodes]) if (node !== nested) node.remove();
    nested.before(...withBadge);
  } else element.replaceChildren(...withBadge);
  return element;
}

/** Streaming text only changes the body; the header stays. */
export function renderEntryBody(entry: TranscriptEntry, element: HTMLElement): void {
  const body = element.querySelector<HTMLElement>(':scope > .entry-body');
  if (body) fillBody(body, entry);
  else renderEntry(entry, element);
}

/** Entries whose streamed Markdown renders incrementally (user messages arrive whole and link their mentions). */
const streamedKinds = new Set(['assistant', 'completion', 'thinking']);
const streams = new WeakMap<HTMLElement, StreamingMarkdown>();

/**
 * A streamed entry's body after more text arrived: only the blocks at its end that can still change are
 * rendered again, so a frame costs O(new text), not O(all text). Its final DOM equals `renderEntryBody`'s.
 * Returns whether it stopped at `deadline` with final blocks still to render.
 */
export function renderStreamingBody(entry: TranscriptEntry, element: HTMLElement, deadline = Infinity, attach = true): boolean {
  hideIfEmpty(entry, element);
  const body = streamedKinds.has(entry.kind) ? streamedBody(element) : null;
  if (!body) {
    renderEntryBody(entry, element);
    return false;
  }
  let stream = streams.get(body);
  if (!stream) streams.set(body, (stream = new StreamingMarkdown(body)));
  stream.update(entry.text, deadline, attach);
  return stream.behind;
}

/** The stream paused or ended: an unclosed code fence at the end gets highlighted, as a whole render does. */
export function finishStreamingBody(element: HTMLElement): void {
  const body = streamedBody(element);
  if (body) streams.get(body)?.finish();
}

function streamedBody(element: HTMLElement): HTMLElement | null {
  // A thinking entry's body sits in its collapsible block, which stays (and stays open if the user opened it).
  return element.querySelector<HTMLElement>(':scope > .entry-body, :scope > details > .entry-body');
}

/** An assistant entry with no text yet (only whitespace between two tool calls) shows nothing, not an empty header. */
function hideIfEmpty(entry: TranscriptEntry, element: HTMLElement): void {
  if (entry.kind === 'assistant') element.hidden = entry.text.trim() === '';
}

function setData(element: HTMLElement, key: string, value: string | undefined): void {
  if (value === undefined) delete element.dataset[key];
  else element.dataset[key] = value;
}

function entryContent(entry: TranscriptEntry, previous?: HTMLElement): Node[] {
  if (entry.kind === 'approval') return approvalCard(entry);
  if (entry.kind === 'changes') return changesEntry(entry);
  if (entry.kind === 'plan') {
    const checklist = planChecklist(entry, previous);
    if (checklist) return checklist;
  }
  const header = headerFor(entry);
  const body = document.createElement('div');
  body.className = 'entry-body';
  fillBody(body, entry);
  if (entry.kind === 'reminder') return [collapsed(t('entry.reminder'), body)];
  if (entry.kind === 'tool-result') return toolResult(entry);
  if (entry.kind === 'thinking') return [collapsed(t('entry.thinking'), body)];
  if (entry.kind === 'user' && entry.meta?.checkpoint && entry.turnId && header) header.append(restoreButton(entry.turnId));
  // The entry object is the one appends extend, so a Copy during streaming copies what has arrived.
  if (entry.kind === 'assistant' && entry.meta?.refusal === true && header) header.append(refusedLabel());
  if ((entry.kind === 'assistant' || entry.kind === 'completion') && header) header.append(copyMessageButton(() => entry.text));
  if (entry.kind === 'error' && entry.meta?.retryable && entry.turnId) return [...(header ? [header] : []), body, actionRow(t('entry.retry'), t('entry.retryTitle'), { type: 'retry', turnId: entry.turnId })];
  if (entry.kind === 'error' && entry.meta?.continuable) return [...(header ? [header] : []), body, actionRow(t('entry.continue'), t('entry.continueTitle'), { type: 'send', text: 'Continue.' })];
  return header ? [header, body] : [body];
}

/** The model declined to answer: said in words, not only by colour. */
function refusedLabel(): HTMLElement {
  const label = document.createElement('span');
  label.className = 'refused-label';
  label.textContent = t('entry.refused');
  label.title = t('entry.refusedTitle');
  return label;
}

function headerFor(entry: TranscriptEntry): HTMLElement | undefined {
  const label = headerLabel(entry);
  if (!label) return undefined;
  const header = document.createElement('div');
  header.className = 'entry-header';
  header.textContent = label;
  return header;
}

function headerLabel(entry: TranscriptEntry): string | undefined {
  switch (entry.kind) {
    case 'user': return t('entry.you');
    case 'assistant': return t('entry.agent');
    case 'completion': return t('entry.completed');
    case 'error': return entry.meta?.retry ? t('entry.retrying') : t('entry.error');
    case 'compaction': return t('entry.compaction');
    default: return undefined;
  }
}

function fillBody(body: HTMLElement, entry: TranscriptEntry): void {
  if (markdownKinds.has(entry.kind)) {
    body.innerHTML = renderMarkdown(entry.text);
    finishCodeBlocks(body);
  } else body.textContent = entry.text;
  if (entry.kind === 'user' && Array.isArray(entry.meta?.mentions)) linkMentions(body, entry.meta.mentions as MentionRef[]);
  if (entry.kind === 'user' && Array.isArray(entry.meta?.images)) body.append(thumbnailsOf((entry.meta.images as ThumbnailImage[]).filter((i) => typeof i?.dataUrl === 'string' && typeof i.name === 'string')));
}

function collapsed(title: string, body: HTMLElement): HTMLElement {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = title;
  details.append(summary, body);
  return details;
}

/** A result without a card (older conversations): its first line; the rest (a file slice, command output) on demand. */
function toolResult(entry: TranscriptEntry): Node[] {
  const [first = '', ...rest] = entry.text.split('\n');
  const status = String(entry.meta?.status ?? '');
  const title = `${String(entry.meta?.name ?? t('entry.tool'))} ${status === 'success' ? '→' : `(${status})`} ${first}`;
  if (rest.length === 0) {
    const line = document.createElement('div');
    line.className = 'entry-body';
    line.textContent = title;
    return [line];
  }
  const body = document.createElement('div');
  body.className = 'entry-body';
  body.textContent = rest.join('\n');
  return [collapsed(title, body)];
}

/** Spec §8: back to the files and the conversation as they were before this message (the host confirms first). */
function restoreButton(turnId: string): HTMLElement {
  const button = document.createElement('button');
  button.className = 'link restore-checkpoint';
  button.textContent = t('entry.restore');
  button.title = t('entry.restoreTitle');
  button.setAttribute('aria-label', t('entry.restore'));
  button.addEventListener('click', () => post({ type: 'restoreCheckpoint', turnId }));
  return button;
}

/** Retry (a turn that failed before doing anything) or Continue (a turn stopped at the iteration limit). */
function actionRow(label: string, title: string, message: WebviewMessage): HTMLElement {
  const row = document.createElement('div');
  row.className = 'buttons retry-row';
  const button = vscodeButton(label, () => {
    if (button.hasAttribute('disabled')) return; // used once already: a double click must not send twice
    button.toggleAttribute('disabled', true);
    post(message);
  });
  button.title = title;
  row.append(button);
  return row;
}

/** An answer's Markdown source to the clipboard, as the model wrote it. */
function copyMessageButton(text: () => string): HTMLElement {
  const button: HTMLButtonElement = toolButton('copy', t('entry.copy'), t('entry.copyMessage'), () => void copyWithFeedback(text(), button));
  button.classList.add('message-action');
  return button;
}
