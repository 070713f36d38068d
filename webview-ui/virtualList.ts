import { GroupHeights } from './groupHeights';

/** What the list asks of its owner: it knows the keys' order and heights, the owner their content. */
export interface VirtualListHost {
  /** The element of a group, built from its data (and the view state kept when it was dropped). */
  build(key: string): HTMLElement;
  /** The group's element leaves the DOM: its view state is kept, its entries forgotten. */
  dropped(key: string, element: HTMLElement): void;
  /** Streaming, awaiting approval or running: such a group is never dropped. */
  isLive(key: string): boolean;
  /** The first group is in the DOM near the viewport: the time to ask for what comes before it. */
  nearTop(): void;
  /** A height for a group not measured yet (at this width). */
  estimate(key: string, width: number): number;
}

/** How far beyond the viewport, in viewport heights, groups are kept in the DOM on each side. */
const OVERSCAN = 1;
/** How many groups beyond the range a live group may keep in the DOM (all those between stay too). */
const MAX_LIVE_REACH = 12;

/**
 * The transcript's top-level groups, of which only those near the viewport are in the DOM (spec §24): one
 * contiguous range, with the heights of the groups outside it (measured once, else estimated) held as the log's
 * padding, so the page's height and the scroll bar stay those of the whole conversation. A group measured above
 * the viewport that grows or shrinks moves the scroll position by as much, so what is on screen stays put.
 * The range follows scrolling once per frame; `aria-setsize`/`aria-posinset` tell a screen reader where each
 * rendered group sits in the whole.
 */
export class VirtualList {
  private keys: string[] = [];
  private readonly position = new Map<string, number>();
  private readonly heights: GroupHeights;
  private readonly rendered = new Map<string, HTMLElement>();
  private readonly keyOf = new WeakMap<Element, string>();
  /** Groups before the first that are not here yet (a conversation opened from its end): numbering counts them. */
  private missing = 0;
  private start = 0;
  private end = 0;
  private frame: number | undefined;
  private readonly resizes: ResizeObserver;
  private readonly basePadding: { top: number; bottom: number };

  constructor(private readonly root: HTMLElement, private readonly host: VirtualListHost) {
    const style = getComputedStyle(root);
    this.basePadding = { top: parseFloat(style.paddingTop) || 0, bottom: parseFloat(style.paddingBottom) || 0 };
    this.heights = new GroupHeights(parseFloat(style.rowGap) || 0, (key, width) => host.estimate(key, width));
    this.resizes = new ResizeObserver((changes) => this.measured(changes));
    this.resizes.observe(root);
    addEventListener('scroll', () => this.schedule(), { passive: true });
    addEventListener('resize', () => this.schedule());
    // A theme changes fonts and spacing: what was measured in the old one is a guess in the new one.
    new MutationObserver(() => this.heights.forgetAllBut(this.rendered.keys())).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /** The groups' keys, in order. */
  get order(): readonly string[] {
    return this.keys;
  }

  element(key: string): HTMLElement | undefined {
    return this.rendered.get(key);
  }

  indexOf(key: string): number | undefined {
    return this.position.get(key);
  }

  /** A new list, rendered from its end (the view then scrolls there). */
  reset(keys: string[], missing = 0): void {
    this.missing = missing;
    for (const [key, element] of this.rendered) this.drop(key, element);
    this.keys = [...keys];
    this.position.clear();
    this.keys.forEach((key, i) => this.position.set(key, i));
    this.heights.clear();
    this.start = this.end = this.keys.length;
    // The screen first; the groups beyond it follow on the next frame, once this one is painted.
    const want = this.viewportHeight();
    let start = this.keys.length;
    for (let height = 0; start > 0 && height < want; ) height += this.heights.of(this.keys[--start]!, this.width());
    this.apply(start, this.keys.length);
  }

  /** A group at the end: rendered at once when the range reaches the end (as it does while following it). */
  push(key: string): HTMLElement | undefined {
    const atEnd = this.end === this.keys.length;
    this.position.set(key, this.keys.length);
    this.keys.push(key);
    if (atEnd) this.apply(this.start, this.keys.length);
    else this.pad();
    this.numberAll();
    return this.rendered.get(key);
  }

  /** Groups before the first (the start of a conversation opened from its end); what is on screen stays put. */
  prepend(keys: string[]): void {
    if (!keys.length) return;
    const width = this.width();
    const above = this.heights.sum(this.keys, 0, this.start, width);
    this.keys = [...keys, ...this.keys];
    this.missing = 0;
    this.position.clear();
    this.keys.forEach((key, i) => this.position.set(key, i));
    this.start += keys.length;
    this.end += keys.length;
    this.pad();
    this.numberAll();
    (document.scrollingElement ?? document.documentElement).scrollTop += this.heights.sum(this.keys, 0, this.start, width) - above;
    this.schedule();
  }

  /** Makes the group rendered (Find scrolls to it), with the range around it; returns its element. */
  reveal(key: string): HTMLElement | undefined {
    const index = this.position.get(key);
    if (index === undefined) return undefined;
    if (index < this.start || index >= this.end) {
      const around = Math.ceil(this.viewportHeight() / 2);
      let start = index;
      let end = index + 1;
      for (let height = 0; start > 0 && height < around; ) height += this.heights.of(this.keys[--start]!, this.width());
      for (let height = 0; end < this.keys.length && height < around; ) height += this.heights.of(this.keys[end++]!, this.width());
      this.apply(start, end);
    }
    return this.rendered.get(key);
  }

  /** The range follows the viewport on the next frame. */
  schedule(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.follow();
    });
  }

  private follow(): void {
    if (!this.keys.length) return;
    const scroller = document.scrollingElement ?? document.documentElement;
    const top = this.root.getBoundingClientRect().top + this.basePadding.top;
    const over = scroller.clientHeight * OVERSCAN;
    const [start, end] = this.heights.range(this.keys, this.width(), -top - over, -top + scroller.clientHeight + over);
    let [from, to] = [start, end];
    for (const key of this.liveKeys()) {
      const index = this.position.get(key)!;
      // Kept while near: one far away is built again from its data when the user comes back to it.
      if (index >= from - MAX_LIVE_REACH && index < to + MAX_LIVE_REACH) [from, to] = [Math.min(from, index), Math.max(to, index + 1)];
    }
    if (from !== this.start || to !== this.end) {
      // Groups that come and go with scrolling are not news: a screen reader is not to read them out as the log's.
      this.root.setAttribute('aria-busy', 'true');
      this.apply(from, to);
      requestAnimationFrame(() => this.root.removeAttribute('aria-busy'));
    }
    if (this.start === 0) this.host.nearTop();
  }

  private *liveKeys(): Iterable<string> {
    for (const key of this.rendered.keys()) if (this.host.isLive(key)) yield key;
  }

  /**
   * Renders exactly the groups [start, end): those leaving are dropped, those entering built in order and measured.
   * The group on screen stays where it was (unless the view follows the end, which the owner keeps in view).
   */
  private apply(start: number, end: number): void {
    const anchor = this.anchor();
    const overlaps = start < this.end && end > this.start;
    for (let i = this.start; i < this.end; i++) {
      if (overlaps && i >= start && i < end) continue;
      const key = this.keys[i]!;
      this.drop(key, this.rendered.get(key)!);
    }
    const head = this.keys.slice(start, overlaps ? this.start : end).map((key) => this.mount(key));
    const tail = overlaps ? this.keys.slice(Math.max(this.end, start), end).map((key) => this.mount(key)) : [];
    const first = overlaps ? this.rendered.get(this.keys[this.start]!) : undefined;
    if (first && head.length) first.before(...head);
    else this.root.append(...head);
    this.root.append(...tail);
    this.start = start;
    this.end = end;
    this.pad();
    this.numberAll();
    for (const element of [...head, ...tail]) this.heights.set(this.keyOf.get(element)!, element.getBoundingClientRect().height);
    if (!anchor?.element.isConnected) return;
    const moved = anchor.element.getBoundingClientRect().top - anchor.top;
    if (moved) (document.scrollingElement ?? document.documentElement).scrollTop += moved;
  }

  /** The first rendered group on screen and where it is, unless the view is at its end. */
  private anchor(): { element: HTMLElement; top: number } | undefined {
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40) return undefined;
    for (let i = this.start; i < this.end; i++) {
      const element = this.rendered.get(this.keys[i]!)!;
      const box = element.getBoundingClientRect();
      if (box.bottom > 0) return { element, top: box.top };
    }
    return undefined;
  }

  private mount(key: string): HTMLElement {
    const element = this.host.build(key);
    this.rendered.set(key, element);
    this.keyOf.set(element, key);
    this.resizes.observe(element);
    return element;
  }

  private drop(key: string, element: HTMLElement): void {
    this.resizes.unobserve(element);
    this.rendered.delete(key);
    element.remove();
    this.host.dropped(key, element);
  }

  private pad(): void {
    const width = this.width();
    this.root.style.paddingTop = `${this.basePadding.top + this.heights.sum(this.keys, 0, this.start, width)}px`;
    this.root.style.paddingBottom = `${this.basePadding.bottom + this.heights.sum(this.keys, this.end, this.keys.length, width)}px`;
  }

  private numberAll(): void {
    const size = String(this.missing + this.keys.length);
    for (let i = this.start; i < this.end; i++) {
      const element = this.rendered.get(this.keys[i]!)!;
      element.setAttribute('role', 'article');
      element.setAttribute('aria-setsize', size);
      element.setAttribute('aria-posinset', String(this.missing + i + 1));
    }
  }

  /**
   * New sizes, as the observer measured them after layout. A change above the viewport moves what is on screen:
   * the scroll position moves with it (unless the view follows the end). The log's own width: every height kept
   * for a group not in the DOM is a guess again.
   */
  private measured(changes: ResizeObserverEntry[]): void {
    const scroller = document.scrollingElement ?? document.documentElement;
    const following = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
    let shift = 0;
    for (const change of changes) {
      if (change.target === this.root) {
        if (this.heights.setWidth(change.contentRect.width)) this.heights.forgetAllBut(this.rendered.keys());
        continue;
      }
      const key = this.keyOf.get(change.target);
      if (key === undefined || !this.rendered.has(key)) continue;
      const height = change.borderBoxSize[0]?.blockSize ?? change.contentRect.height;
      const old = this.heights.of(key, this.width());
      this.heights.set(key, height);
      // Only a group that was wholly above the screen moves it: one being read grows below where it is read.
      if (change.target.getBoundingClientRect().bottom - (height - old) <= 0) shift += height - old;
    }
    if (shift && !following) scroller.scrollTop += shift;
    this.schedule();
  }

  private width(): number {
    return this.heights.width || this.root.clientWidth;
  }

  private viewportHeight(): number {
    return (document.scrollingElement ?? document.documentElement).clientHeight || innerHeight;
  }
}
