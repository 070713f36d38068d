/**
 * What the user did to a group's rendered DOM that its data does not say: which collapsible blocks are open
 * (a card's output, a thinking block) and how far its scrolled boxes were scrolled. Kept when the group leaves the
 * DOM (spec §24) and put back when it is built again, so scrolling up shows it as it was.
 */
export interface EntryViewState {
  open: Array<boolean | undefined>;
  toggled: boolean[];
  scrolled: Array<[number, number, number]>;
}

const scrollable = 'pre, .approval-detail, .tool-result-lines';

export function captureViewState(element: HTMLElement): EntryViewState | undefined {
  const details = [...element.querySelectorAll('details')];
  const scrolled: Array<[number, number, number]> = [];
  element.querySelectorAll<HTMLElement>(scrollable).forEach((box, i) => {
    if (box.scrollTop || box.scrollLeft) scrolled.push([i, box.scrollTop, box.scrollLeft]);
  });
  if (!details.length && !scrolled.length) return undefined;
  return { open: details.map((d) => d.open), toggled: details.map((d) => d.dataset.userToggled === 'true'), scrolled };
}

/** Once the element is in the document (a scroll position needs a layout). */
export function restoreViewState(element: HTMLElement, state: EntryViewState): void {
  element.querySelectorAll('details').forEach((details, i) => {
    if (state.open[i] !== undefined && details.open !== state.open[i]) details.open = state.open[i]!;
    if (state.toggled[i]) details.dataset.userToggled = 'true';
  });
  if (!state.scrolled.length) return;
  const boxes = element.querySelectorAll<HTMLElement>(scrollable);
  for (const [i, top, left] of state.scrolled) {
    const box = boxes[i];
    if (box) box.scrollTo(left, top);
  }
}
