import type { TranscriptEntry } from '../src/protocol/transcript';
import { t, tn } from './l10n';

/** What Find searches and shows: every entry's data in order, and an entry's element on demand (spec §24). */
export interface FindTarget {
  ordered(): Iterable<TranscriptEntry>;
  reveal(id: string): HTMLElement | undefined;
  /** A conversation opened from its end: the entries before it are still with the host (asked for on open). */
  readonly earlierPending: boolean;
  needEarlier(): void;
  onEarlier(listener: () => void): void;
}

interface Hit {
  id: string;
  /** Which occurrence in the entry's text. */
  nth: number;
}

const ALL = 'codeagent-find';
const CURRENT = 'codeagent-find-current';

/**
 * Find in the panel (Ctrl+F): searches the data of every entry, in the DOM or not (the transcript keeps only the
 * entries near the viewport there), and scrolls to each hit, building its entry first. Enter goes to the next hit,
 * Shift+Enter to the previous one, Escape closes. Hits are marked with the CSS Custom Highlight API: no change to
 * the entries' DOM.
 */
export class FindBar {
  private readonly bar = document.createElement('div');
  private readonly input = document.createElement('input');
  private readonly status = document.createElement('span');
  private hits: Hit[] = [];
  private current = -1;
  private query = '';
  /** A step asked for before the earlier entries came: taken once they are here. */
  private waiting: 1 | -1 | undefined;

  constructor(private readonly target: FindTarget) {
    this.bar.id = 'find-bar';
    this.bar.setAttribute('role', 'search');
    this.bar.hidden = true;
    this.input.type = 'search';
    this.input.setAttribute('aria-label', t('find.label'));
    this.input.placeholder = t('find.placeholder');
    this.status.setAttribute('role', 'status');
    this.status.className = 'find-status';
    this.bar.append(this.input, this.status, button('arrow-up', t('find.previous'), () => this.step(-1)), button('arrow-down', t('find.next'), () => this.step(1)), button('close', t('find.close'), () => this.close()));
    document.body.prepend(this.bar);
    target.onEarlier(() => {
      if (this.bar.hidden || !this.input.value) return;
      const step = this.waiting;
      this.waiting = undefined;
      this.search();
      if (step) this.step(step);
    });
    document.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        this.open();
      }
    });
    this.input.addEventListener('input', () => this.search());
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.step(event.shiftKey ? -1 : 1);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
  }

  open(): void {
    this.target.needEarlier();
    this.bar.hidden = false;
    this.input.focus();
    this.input.select();
  }

  close(): void {
    this.bar.hidden = true;
    this.hits = [];
    this.current = -1;
    CSS.highlights?.delete(ALL);
    CSS.highlights?.delete(CURRENT);
    document.getElementById('input')?.focus();
  }

  /** Every occurrence in the entries' data, in the transcript's order. */
  private search(): void {
    this.query = this.input.value.toLowerCase();
    this.hits = [];
    this.current = -1;
    if (this.query) {
      for (const entry of this.target.ordered()) {
        const text = searchableText(entry).toLowerCase();
        for (let at = text.indexOf(this.query), nth = 0; at >= 0; at = text.indexOf(this.query, at + this.query.length)) this.hits.push({ id: entry.id, nth: nth++ });
      }
    }
    this.status.textContent = !this.query ? '' : this.hits.length ? tn(this.hits.length, 'find.count.one', 'find.count.other') : t('find.none');
  }

  private step(direction: 1 | -1): void {
    if (this.input.value.toLowerCase() !== this.query || !this.hits.length) this.search();
    if (!this.hits.length) {
      if (this.target.earlierPending) this.waiting = direction;
      return;
    }
    this.current = (this.current + direction + this.hits.length) % this.hits.length;
    this.status.textContent = t('find.position', this.current + 1, this.hits.length);
    this.show(this.hits[this.current]!);
  }

  private show(hit: Hit): void {
    const element = this.target.reveal(hit.id);
    if (!element) return;
    const ranges = rangesOf(element, this.query);
    const range = ranges[hit.nth] ?? ranges[0];
    for (let node = range?.startContainer.parentElement; node && node !== element.parentElement; node = node.parentElement) {
      if (node instanceof HTMLDetailsElement) node.open = true;
    }
    if (typeof Highlight !== 'undefined' && CSS.highlights) {
      CSS.highlights.set(ALL, new Highlight(...ranges));
      if (range) CSS.highlights.set(CURRENT, new Highlight(range));
    }
    const scroller = document.scrollingElement ?? document.documentElement;
    const box = (range ?? element).getBoundingClientRect();
    scroller.scrollTop += box.top - scroller.clientHeight / 3;
  }
}

/** The words Find looks in: the entry's text, and a tool call's parameters and result. */
export function searchableText(entry: TranscriptEntry): string {
  const parts = [entry.text];
  const params = entry.meta?.params;
  if (params && typeof params === 'object') for (const value of Object.values(params)) if (typeof value === 'string') parts.push(value);
  if (typeof entry.meta?.result === 'string') parts.push(entry.meta.result);
  return parts.join('\n');
}

/** Where `query` occurs in the element's text, each within one text node. */
function rangesOf(element: HTMLElement, query: string): Range[] {
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue!.toLowerCase();
    for (let at = text.indexOf(query); at >= 0; at = text.indexOf(query, at + query.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + query.length);
      ranges.push(range);
    }
  }
  return ranges;
}

function button(icon: string, label: string, run: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.className = 'icon-button';
  element.setAttribute('aria-label', label);
  element.title = label;
  const glyph = document.createElement('span');
  glyph.className = `codicon codicon-${icon}`;
  element.append(glyph);
  element.addEventListener('click', run);
  return element;
}
