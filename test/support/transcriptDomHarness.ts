// Bundled for Chromium by the webview unit tests: the real TranscriptView and LiveChecklist on `window`.
// The page defines acquireVsCodeApi first (posted messages are kept in window.posted).
import type { TranscriptEntry } from '../../src/protocol/transcript';
import { probeLayout } from './cardLayoutProbe';
import { configureCodeBlockActions } from '../../webview-ui/codeBlockDecoration';
import { LiveChecklist } from '../../webview-ui/liveChecklist';
import { TranscriptView } from '../../webview-ui/transcriptView';
import { FindBar } from '../../webview-ui/findBar';

declare global {
  interface Window {
    transcriptHarness: typeof harness;
  }
}

function mount(): { view: TranscriptView; log: HTMLElement; pinned: HTMLElement; checklist: LiveChecklist } {
  document.body.replaceChildren();
  const log = document.createElement('main');
  log.id = 'transcript';
  log.setAttribute('role', 'log');
  const pinned = document.createElement('section');
  document.body.append(log, pinned);
  const checklist = new LiveChecklist(pinned);
  const view = new TranscriptView(log, checklist, () => (window as unknown as { posted?: unknown[] }).posted?.push({ type: 'loadEarlier' }));
  findBar?.close();
  findBar = new FindBar(view);
  return { view, log, pinned, checklist };
}

let findBar: FindBar | undefined;
let current = mount();
const frames = (n: number) => new Promise<void>((resolve) => {
  const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
  next(n);
});
// Copy falls back to the host when the webview has no clipboard: here that is a message in window.posted.
configureCodeBlockActions({
  copyFallback: (text) => (window as unknown as { posted?: unknown[] }).posted?.push({ type: 'copyText', text }),
  insert: () => undefined,
});

const harness = {
  reset(entries: TranscriptEntry[], earlier?: number): void {
    current = mount();
    current.view.reset(entries, earlier);
  },
  prependEarlier(entries: TranscriptEntry[]): void {
    current.view.prependEarlier(entries);
  },
  add(entry: TranscriptEntry): void {
    current.view.add(entry);
  },
  update(entry: TranscriptEntry): void {
    current.view.update(entry);
  },
  append(id: string, delta: string): void {
    current.view.append(id, delta);
  },
  busy(busy: boolean): void {
    current.checklist.setBusy(busy);
  },
  /** Waits for the sliced build of a restored transcript to finish. */
  async settled(): Promise<void> {
    do await new Promise((resolve) => setTimeout(resolve, 0)); // the next task: a slice runs as one
    while (current.view.building);
  },
  /** The log's top-level entries, and what each tool card holds. */
  describe(): {
    top: string[];
    cards: Array<{ id: string; status: string; inside: string[]; live: string | null; statusText: string }>;
    hidden: string[];
    pinned: { hidden: boolean; open: boolean; summary: string; items: string[] };
  } {
    const { log, pinned } = current;
    return {
      top: [...log.children].map((e) => `${(e as HTMLElement).dataset.kind}:${(e as HTMLElement).dataset.id}`),
      cards: [...log.querySelectorAll<HTMLElement>('[data-kind="tool-call"]')].map((card) => ({
        id: card.dataset.id ?? '',
        status: card.dataset.status ?? '',
        inside: [...card.querySelectorAll<HTMLElement>('[data-kind]')].map((e) => e.dataset.kind ?? ''),
        live: card.getAttribute('aria-live'),
        statusText: card.querySelector('[role="status"]')?.textContent ?? '',
      })),
      hidden: [...log.querySelectorAll<HTMLElement>('[data-kind][hidden]')].map((e) => e.dataset.id ?? ''),
      pinned: {
        hidden: pinned.hidden !== false, // `until-found` hides it too
        open: pinned.querySelector('details')?.open ?? false,
        summary: pinned.querySelector('summary')?.textContent ?? '',
        items: [...pinned.querySelectorAll<HTMLElement>('li.plan-task')].map((li) => li.dataset.status ?? ''),
      },
    };
  },
  /** Scrolls the page (to its end with Infinity) and waits for the transcript to follow. */
  async scrollTo(top: number): Promise<void> {
    const scroller = document.scrollingElement!;
    scroller.scrollTop = top === Infinity ? scroller.scrollHeight : top;
    await frames(4);
  },
  async frames(n: number): Promise<void> {
    await frames(n);
  },
  /** The top-level entries in the DOM: id, aria-posinset, aria-setsize, and whether it is within the viewport. */
  rendered(): Array<{ id: string; pos: number; size: number; onScreen: boolean; top: number }> {
    return [...current.log.children].map((e) => {
      const box = e.getBoundingClientRect();
      return { id: (e as HTMLElement).dataset.id ?? '', pos: Number(e.getAttribute('aria-posinset')), size: Number(e.getAttribute('aria-setsize')), onScreen: box.bottom > 0 && box.top < innerHeight, top: box.top / innerHeight };
    });
  },
  /** Opens (or closes) the first collapsible block of an entry, as a click on its summary would. */
  toggleDetails(id: string, open: boolean): boolean {
    const details = current.log.querySelector<HTMLDetailsElement>(`[data-id="${id}"] details`);
    if (details) details.open = open;
    return details !== null;
  },
  detailsOpen(id: string): boolean | undefined {
    return current.log.querySelector<HTMLDetailsElement>(`[data-id="${id}"] details`)?.open;
  },
  /** The cards' headers, titles and parameter summaries as laid out now (cardLayoutProbe). */
  layout() {
    return probeLayout(current.log);
  },
  /** Counts changes to a card's status element while `run` updates the card. */
  statusMutations(cardId: string, entries: TranscriptEntry[]): number {
    const status = current.log.querySelector(`[data-id="${cardId}"] [role="status"]`)!;
    const observer = new MutationObserver(() => undefined);
    observer.observe(status, { childList: true, subtree: true, characterData: true });
    for (const entry of entries) current.view.update(entry);
    const count = observer.takeRecords().length;
    observer.disconnect();
    return count;
  },
  /** Clicks the first file:line link of a card and returns what was posted. */
  clickFileLine(cardId: string): unknown[] {
    (window as unknown as { posted: unknown[] }).posted = [];
    current.log.querySelector<HTMLButtonElement>(`[data-id="${cardId}"] .file-line`)!.click();
    return (window as unknown as { posted: unknown[] }).posted;
  },
};

window.transcriptHarness = harness;
