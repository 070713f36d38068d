import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t, tn } from './l10n';

/** Hunks still waiting for Keep or Undo in the editors (spec §15), as the host last said. */
let waiting = { toReview: 0, files: 0 };
let onPlaced: () => void = () => {};

/** Told whenever the bars were placed again (a changes entry rendered): the panel's fallback bar follows. */
export function whenReviewBarsPlaced(listener: () => void): void {
  onPlaced = listener;
}

/**
 * `<n> to review` with `Keep all` / `Undo all` (spec §15) inside the latest changes entry (§8). Every changes entry
 * gets a bar when it is rendered (a re-rendered entry keeps it); only the last one shows it.
 */
export function changesReviewBar(): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'changes-review';
  bar.dataset.kind = 'changes-review';
  bar.hidden = true;
  // Placed once the entry is in the document: only then is it known to be the last.
  queueMicrotask(refreshReviewBars);
  return bar;
}

export function setChangesToReview(next: { toReview: number; files: number }): void {
  waiting = next;
  refreshReviewBars();
}

/** Whether a changes entry is there to carry the bar (else the panel shows it above the input). */
export function hasChangesEntry(): boolean {
  return document.querySelector('.changes-review') !== null;
}

export function refreshReviewBars(): void {
  const bars = [...document.querySelectorAll<HTMLElement>('.changes-review')];
  bars.forEach((bar, index) => fill(bar, index === bars.length - 1 ? waiting : { toReview: 0, files: 0 }));
  onPlaced();
}

export function fill(bar: HTMLElement, state: { toReview: number; files: number }): void {
  bar.hidden = state.toReview === 0;
  if (state.toReview === 0) return bar.replaceChildren();
  const count = document.createElement('span');
  count.className = 'to-review-count';
  count.textContent = t('changes.toReview', state.toReview);
  count.title = t('changes.toReviewTitle', tn(state.toReview, 'changes.changes.one', 'changes.changes.other'), tn(state.files, 'changes.inFiles.one', 'changes.inFiles.other'));
  const keep = vscodeButton(t('changes.keepAll'), () => post({ type: 'keepAllChanges' }), { secondary: true });
  const undo = vscodeButton(t('changes.undoAll'), () => post({ type: 'undoAllChanges' }), { secondary: true });
  bar.replaceChildren(count, keep, undo);
}
