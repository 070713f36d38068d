import type { TranscriptEntry } from '../src/protocol/transcript';
import { childGroupOf, syncChildSteps } from './childSteps';
import { finishStreamingBody, renderEntry, renderStreamingBody } from './entryRenderer';
import { placeInCard } from './toolCallCard';
import { PaintScheduler } from './paintScheduler';

/** Work per slice of a restored conversation: well under the 50 ms of a long task. */
const SLICE_MS = 8;
/** Quiet time after which a streamed entry counts as finished (its open code fence, if any, gets highlighted). */
const SETTLE_MS = 300;
/** Streamed text repaints at most this often (about 20 times a second): see PaintScheduler. */
const STREAM_PAINT_MS = 50;
/** Rendering time per paint; a burst of text beyond it is rendered over the next frames. */
const PAINT_BUDGET_MS = 12;
/**
 * While a burst is rendered in slices, what they rendered joins the page at most this often: each change of the
 * page costs the next frame a layout, pre-paint and paint of the whole growing entry.
 */
const BURST_ATTACH_MS = 100;

/**
 * The transcript as a keyed list of DOM nodes. Streaming deltas mark one entry dirty and are painted
 * at most once per animation frame and STREAM_PAINT_MS, so a long reply never re-renders the whole log per token; a streamed
 * entry itself re-renders only its open blocks (StreamingMarkdown). An entry with a `parent` (a sub-agent's
 * step) lives inside its parent's element, not at the top level. A restored conversation is built from its
 * end in slices of a few milliseconds, so even thousands of entries open without a long task.
 */
export class TranscriptView {
  private readonly entries = new Map<string, TranscriptEntry>();
  private readonly elements = new Map<string, HTMLElement>();
  private readonly dirty = new Set<string>();
  private readonly streamed = new Set<string>();
  private readonly painter = new PaintScheduler((continued) => this.paint(continued), STREAM_PAINT_MS);
  /** Whether the view was scrolled to the end when the current paint began: it then follows the new text. */
  private following = false;
  private followFrame: number | undefined;
  private lastAttach = -Infinity;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Groups (a top-level entry and its nested entries) of a restored conversation not built yet, oldest first. */
  private unbuilt: TranscriptEntry[][] = [];
  private buildTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly root: HTMLElement, private readonly pinned?: PinnedEntries) {}

  /** Whether slices of a restored conversation are still to be built (tests wait for this, not for a time). */
  get building(): boolean {
    return this.unbuilt.length > 0;
  }

  reset(all: TranscriptEntry[]): void {
    this.entries.clear();
    this.elements.clear();
    this.dirty.clear();
    this.streamed.clear();
    this.root.replaceChildren();
    this.pinned?.reset(all.filter(isPinned));
    const entries = all.filter((entry) => !pinnedOnly(entry));
    for (const entry of entries) this.entries.set(entry.id, entry);
    this.unbuilt = groups(entries);
    this.buildSlice(true);
  }

  add(entry: TranscriptEntry): void {
    if (isPinned(entry)) this.pinned?.update(entry);
    if (pinnedOnly(entry)) return;
    this.buildAll();
    const stickToBottom = this.isAtBottom();
    this.entries.set(entry.id, entry);
    this.place(entry, this.build(entry));
    this.syncAncestors(entry);
    if (stickToBottom) this.scrollToBottom();
  }

  update(entry: TranscriptEntry): void {
    if (isPinned(entry)) this.pinned?.update(entry);
    if (pinnedOnly(entry)) return;
    this.buildAll();
    const element = this.elements.get(entry.id);
    if (!element) return this.add(entry);
    this.entries.set(entry.id, entry);
    this.streamed.delete(entry.id);
    renderEntry(entry, element);
    syncChildSteps(element, entry);
    this.syncAncestors(entry);
  }

  append(id: string, delta: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.text += delta;
    this.dirty.add(id);
    this.painter.request();
  }

  /**
   * Touches only the entries that changed since the last frame; an entry not built yet gets its text when it is.
   * A paint continuing one that ran out of time neither reads nor changes the scroll position (either would
   * lay out the page again on every slice): the view keeps following the end once per frame instead.
   */
  private paint(continued: boolean): void {
    if (!continued) this.following = this.isAtBottom();
    const now = performance.now();
    const deadline = now + PAINT_BUDGET_MS;
    const attach = !continued || now - this.lastAttach >= BURST_ATTACH_MS;
    if (attach) this.lastAttach = now;
    const behind: string[] = [];
    for (const id of this.dirty) {
      const entry = this.entries.get(id);
      const element = this.elements.get(id);
      if (!entry || !element) continue;
      if (renderStreamingBody(entry, element, deadline, attach)) behind.push(id);
      this.streamed.add(id);
    }
    this.dirty.clear();
    for (const id of behind) this.dirty.add(id);
    if (this.following) this.followEnd(behind.length > 0);
    if (behind.length) this.painter.continueSoon();
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.settle(), SETTLE_MS);
  }

  /** Scrolls to the end now, or (while slices of a paint continue) on the next frame. */
  private followEnd(later: boolean): void {
    if (!later) return this.scrollToBottom();
    this.followFrame ??= requestAnimationFrame(() => {
      this.followFrame = undefined;
      if (this.following) this.scrollToBottom();
    });
  }

  private settle(): void {
    this.settleTimer = undefined;
    if (this.dirty.size) return; // still streaming: the next paint schedules another settle
    for (const id of this.streamed) {
      const element = this.elements.get(id);
      if (element) finishStreamingBody(element);
    }
    this.streamed.clear();
  }

  /**
   * A call's approval goes inside its tool card (one card per call); a nested entry inside its parent's
   * steps. A child before its parent only happens in a malformed stream: better shown at the top level than lost.
   */
  private place(entry: TranscriptEntry, element: HTMLElement): void {
    const card = entry.kind === 'approval' ? this.elements.get(`call-${String(entry.meta?.callId)}`) : undefined;
    if (card) return placeInCard(card, element);
    const parent = entry.parent ? this.elements.get(entry.parent) : undefined;
    (parent ? childGroupOf(parent) : this.root).append(element);
  }

  private build(entry: TranscriptEntry): HTMLElement {
    const element = renderEntry(entry);
    this.elements.set(entry.id, element);
    return element;
  }

  /** Builds the newest unbuilt groups for a few milliseconds and puts them above the ones already built. */
  private buildSlice(first: boolean): void {
    this.buildTimer = undefined;
    const deadline = performance.now() + SLICE_MS;
    const built: HTMLElement[] = [];
    while (this.unbuilt.length && (built.length === 0 || performance.now() < deadline)) built.push(this.buildGroup(this.unbuilt.pop()!));
    if (!built.length) return;
    const stickToBottom = first || this.isAtBottom();
    const fragment = document.createDocumentFragment();
    fragment.append(...built.reverse());
    this.root.prepend(fragment);
    if (stickToBottom) this.scrollToBottom();
    if (this.unbuilt.length) this.buildTimer = setTimeout(() => this.buildSlice(false), 0);
  }

  /** A message other than a delta needs every entry in place (a parent, an entry to update): build the rest now. */
  private buildAll(): void {
    if (!this.unbuilt.length) return;
    clearTimeout(this.buildTimer);
    this.buildTimer = undefined;
    const built = this.unbuilt.map((group) => this.buildGroup(group));
    this.unbuilt = [];
    this.root.prepend(...built);
  }

  private buildGroup(group: TranscriptEntry[]): HTMLElement {
    const [top, ...nested] = group;
    const element = this.build(top!);
    for (const entry of nested) this.place(entry, this.build(entry));
    for (const entry of nested) this.syncAncestors(entry);
    return element;
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

/** Where the pinned plan and todo checklist (above the input) get their entries. */
export interface PinnedEntries {
  reset(entries: TranscriptEntry[]): void;
  update(entry: TranscriptEntry): void;
}

/** The main agent's plan and todo list are shown live above the input. */
function isPinned(entry: TranscriptEntry): boolean {
  return entry.kind === 'plan' && !entry.parent;
}

/** The todo list lives only there: its TodoWrite cards are its compact trace in the transcript. */
function pinnedOnly(entry: TranscriptEntry): boolean {
  return isPinned(entry) && Array.isArray(entry.meta?.todos);
}

/**
 * Each top-level entry with the entries nested under it, in order; an entry whose parent came later stays
 * top-level. An approval joins its call's group, since it is shown inside that call's card.
 */
function groups(entries: TranscriptEntry[]): TranscriptEntry[][] {
  const result: TranscriptEntry[][] = [];
  const groupOf = new Map<string, TranscriptEntry[]>();
  for (const entry of entries) {
    const owner = entry.kind === 'approval' ? `call-${String(entry.meta?.callId)}` : entry.parent;
    const parentGroup = (owner ? groupOf.get(owner) : undefined) ?? (entry.parent ? groupOf.get(entry.parent) : undefined);
    const group = parentGroup ?? [];
    if (!parentGroup) result.push(group);
    group.push(entry);
    groupOf.set(entry.id, group);
  }
  return result;
}
