import type { TranscriptEntry } from '../src/protocol/transcript';
import { childGroupOf, syncChildSteps } from './childSteps';
import { finishStreamingBody, renderEntry, renderStreamingBody } from './entryRenderer';
import { captureViewState, restoreViewState, type EntryViewState } from './entryViewState';
import { estimateHeight } from './groupHeights';
import { placeInCard } from './toolCallCard';
import { PaintScheduler } from './paintScheduler';
import { VirtualList } from './virtualList';

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
 * The transcript: every entry's data, and DOM for the groups near the viewport only (VirtualList, spec §24). A
 * group is a top-level entry with the entries nested in it (a sub-agent's steps inside its Task card, an approval
 * inside its call's card); it is built from its data and the view state kept when it left the DOM, so it can be
 * dropped and built again at any time. Streaming deltas mark one entry dirty and are painted at most once per
 * animation frame and STREAM_PAINT_MS, so a long reply never re-renders the whole log per token; a streamed entry
 * itself re-renders only its open blocks (StreamingMarkdown). An entry not in the DOM just takes the text.
 */
export class TranscriptView {
  private readonly entries = new Map<string, TranscriptEntry>();
  /** Entry id → its group's key (the top-level entry's id); group key → its entries, in order. */
  private readonly groupOf = new Map<string, string>();
  private readonly members = new Map<string, string[]>();
  /** The entries in the DOM. */
  private readonly elements = new Map<string, HTMLElement>();
  private readonly viewStates = new Map<string, EntryViewState>();
  private readonly dirty = new Set<string>();
  private readonly streamed = new Set<string>();
  private readonly painter = new PaintScheduler((continued) => this.paint(continued), STREAM_PAINT_MS);
  private readonly list: VirtualList;
  /** Whether the view was scrolled to the end when the current paint began: it then follows the new text. */
  private following = false;
  private followFrame: number | undefined;
  private lastAttach = -Infinity;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  /** How many groups the snapshot left out (spec §24), and whether they were asked for. */
  private earlier = { count: 0, asked: false };
  private readonly earlierListeners: Array<() => void> = [];

  constructor(root: HTMLElement, private readonly pinned?: PinnedEntries, private readonly loadEarlier?: () => void) {
    this.list = new VirtualList(root, {
      build: (key) => this.buildGroup(key),
      dropped: (key, element) => this.dropped(key, element),
      isLive: (key) => this.isLive(key),
      nearTop: () => this.needEarlier(),
      estimate: (key, width) => estimateHeight((this.members.get(key) ?? []).map((id) => this.entries.get(id)?.text ?? ''), width),
    });
  }

  /** Whether a restored conversation is still being built (it never is now: only its end is built). */
  get building(): boolean {
    return false;
  }

  /** Every entry in the transcript's order, in the DOM or not (Find searches these). */
  *ordered(): Iterable<TranscriptEntry> {
    for (const key of this.list.order) for (const id of this.members.get(key) ?? []) yield this.entries.get(id)!;
  }

  /** The entry's element, its group built and the range moved around it if it was not in the DOM. */
  reveal(id: string): HTMLElement | undefined {
    const key = this.groupOf.get(id);
    if (key === undefined) return undefined;
    this.list.reveal(key);
    return this.elements.get(id);
  }

  /** Asks the host for the entries the snapshot left out, once. */
  needEarlier(): void {
    if (!this.earlier.count || this.earlier.asked) return;
    this.earlier.asked = true;
    this.loadEarlier?.();
  }

  /** Whether entries before the first are still to come from the host; `listener` runs when they came. */
  get earlierPending(): boolean {
    return this.earlier.count > 0;
  }

  onEarlier(listener: () => void): void {
    this.earlierListeners.push(listener);
  }

  /** The entries the snapshot left out, oldest first: put before the others, what is on screen staying put. */
  prependEarlier(entries: TranscriptEntry[]): void {
    if (!this.earlier.count) return;
    this.earlier = { count: 0, asked: false };
    const keys: string[] = [];
    for (const entry of entries) {
      if (pinnedOnly(entry) || this.entries.has(entry.id)) continue;
      this.entries.set(entry.id, entry);
      if (this.join(entry)) keys.push(entry.id);
    }
    this.list.prepend(keys);
    for (const listener of this.earlierListeners) listener();
  }

  reset(all: TranscriptEntry[], earlier = 0): void {
    this.earlier = { count: earlier, asked: false };
    for (const map of [this.entries, this.groupOf, this.members, this.viewStates]) map.clear();
    this.dirty.clear();
    this.streamed.clear();
    this.pinned?.reset(all.filter(isPinned));
    const keys: string[] = [];
    for (const entry of all) {
      if (pinnedOnly(entry)) continue;
      this.entries.set(entry.id, entry);
      if (this.join(entry)) keys.push(entry.id);
    }
    this.list.reset(keys, earlier);
    this.scrollToBottom();
  }

  add(entry: TranscriptEntry): void {
    if (isPinned(entry)) this.pinned?.update(entry);
    if (pinnedOnly(entry)) return;
    const stickToBottom = this.isAtBottom();
    this.entries.set(entry.id, entry);
    if (this.join(entry)) this.list.push(entry.id);
    else if (this.elements.has(this.groupOf.get(entry.id)!)) {
      this.place(entry, this.build(entry));
      this.syncAncestors(entry);
    }
    if (stickToBottom) this.scrollToBottom();
  }

  update(entry: TranscriptEntry): void {
    if (isPinned(entry)) this.pinned?.update(entry);
    if (pinnedOnly(entry)) return;
    if (!this.entries.has(entry.id)) return this.add(entry);
    this.entries.set(entry.id, entry);
    this.streamed.delete(entry.id);
    const element = this.elements.get(entry.id);
    if (!element) return; // built from this data when it comes into view
    renderEntry(entry, element);
    syncChildSteps(element, entry);
    this.syncAncestors(entry);
  }

  append(id: string, delta: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.text += delta;
    if (!this.elements.has(id)) return;
    this.dirty.add(id);
    this.painter.request();
  }

  /**
   * Touches only the entries that changed since the last frame. A paint continuing one that ran out of time
   * neither reads nor changes the scroll position (either would lay out the page again on every slice): the view
   * keeps following the end once per frame instead.
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
    this.list.schedule(); // what stayed in the DOM only while it streamed may leave it now
  }

  /**
   * Files the entry in its group: an approval in its call's, a nested entry in its parent's. Returns whether it
   * opens a group of its own. A child before its parent only happens in a malformed stream: better shown at the top
   * level than lost.
   */
  private join(entry: TranscriptEntry): boolean {
    const owner = entry.kind === 'approval' ? `call-${String(entry.meta?.callId)}` : entry.parent;
    const key = (owner ? this.groupOf.get(owner) : undefined) ?? (entry.parent ? this.groupOf.get(entry.parent) : undefined);
    this.groupOf.set(entry.id, key ?? entry.id);
    if (key === undefined) this.members.set(entry.id, [entry.id]);
    else this.members.get(key)!.push(entry.id);
    return key === undefined;
  }

  /** A call's approval goes inside its tool card (one card per call); a nested entry inside its parent's steps. */
  private place(entry: TranscriptEntry, element: HTMLElement): void {
    const card = entry.kind === 'approval' ? this.elements.get(`call-${String(entry.meta?.callId)}`) : undefined;
    if (card) return placeInCard(card, element);
    const parent = entry.parent ? this.elements.get(entry.parent) : undefined;
    if (parent) childGroupOf(parent).append(element);
  }

  private build(entry: TranscriptEntry): HTMLElement {
    const element = renderEntry(entry);
    this.elements.set(entry.id, element);
    return element;
  }

  /** A group's DOM from its entries' data, as the user left it (entryViewState). */
  private buildGroup(key: string): HTMLElement {
    const [top, ...nested] = (this.members.get(key) ?? [key]).map((id) => this.entries.get(id)!);
    const element = this.build(top!);
    for (const entry of nested) this.place(entry, this.build(entry));
    for (const entry of nested) this.syncAncestors(entry);
    const state = this.viewStates.get(key);
    if (state) queueMicrotask(() => restoreViewState(element, state));
    return element;
  }

  private dropped(key: string, element: HTMLElement): void {
    const state = captureViewState(element);
    if (state) this.viewStates.set(key, state);
    for (const id of this.members.get(key) ?? []) this.elements.delete(id);
  }

  /** Streaming, awaiting an answer or running: kept in the DOM, out of view or not. */
  private isLive(key: string): boolean {
    return (this.members.get(key) ?? []).some((id) => this.dirty.has(id) || this.streamed.has(id) || isLiveEntry(this.entries.get(id)));
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

function isLiveEntry(entry: TranscriptEntry | undefined): boolean {
  if (entry?.kind === 'tool-call') return ['streaming', 'awaiting', 'running'].includes(String(entry.meta?.status));
  return entry?.kind === 'approval' && entry.meta?.phase === 'request';
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
