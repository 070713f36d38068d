import type { TranscriptEntry } from '../src/protocol/transcript';
import { childGroupOf, syncChildSteps } from './childSteps';
import { renderEntry, renderEntryBody } from './entryRenderer';

/**
 * The transcript as a keyed list of DOM nodes. Streaming deltas mark one entry dirty and are painted
 * at most once per animation frame, so a long reply never re-renders the whole log per token.
 * An entry with a `parent` (a sub-agent's step) lives inside its parent's element, not at the top level.
 */
export class TranscriptView {
  private readonly entries = new Map<string, TranscriptEntry>();
  private readonly elements = new Map<string, HTMLElement>();
  private readonly dirty = new Set<string>();
  private frame: number | undefined;

  constructor(private readonly root: HTMLElement) {}

  reset(entries: TranscriptEntry[]): void {
    this.entries.clear();
    this.elements.clear();
    this.dirty.clear();
    this.root.replaceChildren();
    for (const entry of entries) this.add(entry);
  }

  add(entry: TranscriptEntry): void {
    const stickToBottom = this.isAtBottom();
    this.entries.set(entry.id, entry);
    const element = renderEntry(entry);
    this.elements.set(entry.id, element);
    const parent = entry.parent ? this.elements.get(entry.parent) : undefined;
    // A child before its parent only happens in a malformed stream: better shown at the top level than lost.
    (parent ? childGroupOf(parent) : this.root).append(element);
    this.syncAncestors(entry);
    if (stickToBottom) this.scrollToBottom();
  }

  update(entry: TranscriptEntry): void {
    const element = this.elements.get(entry.id);
    if (!element) return this.add(entry);
    this.entries.set(entry.id, entry);
    renderEntry(entry, element);
    syncChildSteps(element, entry);
    this.syncAncestors(entry);
  }

  append(id: string, delta: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.text += delta;
    this.dirty.add(id);
    this.frame ??= requestAnimationFrame(() => this.paint());
  }

  private paint(): void {
    this.frame = undefined;
    const stickToBottom = this.isAtBottom();
    for (const id of this.dirty) {
      const entry = this.entries.get(id);
      const element = this.elements.get(id);
      if (entry && element) renderEntryBody(entry, element);
    }
    this.dirty.clear();
    if (stickToBottom) this.scrollToBottom();
  }

  /** A new or changed child (a waiting approval, say) can change whether its parents' steps should show. */
  private syncAncestors(entry: TranscriptEntry): void {
    const seen = new Set<string>();
    for (let id = entry.parent; id && !seen.has(id); id = this.entries.get(id)?.parent) {
      seen.add(id);
      const parent = this.entries.get(id);
      const element = this.elements.get(id);
      if (parent && element) syncChildSteps(element, parent);
    }
  }

  private isAtBottom(): boolean {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  }

  private scrollToBottom(): void {
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = scroller.scrollHeight;
  }
}
