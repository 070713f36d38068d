// Bundled into the transcript harness: what a narrow panel does to the cards' headers, measured in the real
// layout (Chromium). Each problem names the entry and what is wrong with it.

export interface CardLayout {
  id: string;
  tool: string;
  /** The tool name as shown, its rendered width and the width of its first word in the same font. */
  title: string;
  titleWidth: number;
  firstWordWidth: number;
  /** The one-line summary of the parameters the header does not show, if any. */
  params: string | null;
  /** The card's own result line (not its sub-agent's). */
  result: string;
}

export interface LayoutProbe {
  cards: CardLayout[];
  problems: string[];
  /** The text a user sees (closed folds and hidden elements left out), for counting repeats. */
  visibleText: string;
  pageScrollWidth: number;
  pageClientWidth: number;
}

export function probeLayout(root: HTMLElement): LayoutProbe {
  const problems: string[] = [];
  const cards: CardLayout[] = [];
  for (const card of root.querySelectorAll<HTMLElement>('[data-kind="tool-call"]')) {
    const id = card.dataset.id ?? '';
    const header = card.querySelector<HTMLElement>(':scope > .tool-header')!;
    const name = header.querySelector<HTMLElement>(':scope > .tool-name')!;
    const title = name.textContent ?? '';
    const firstWord = title.split(/\s+/)[0] ?? '';
    const layout: CardLayout = {
      id,
      tool: card.dataset.tool ?? '',
      title,
      titleWidth: name.getBoundingClientRect().width,
      firstWordWidth: naturalWidth(firstWord, name),
      params: card.querySelector(':scope > .tool-params > summary')?.textContent ?? null,
      result: card.querySelector(':scope > [data-kind="tool-result"]')?.textContent ?? '',
    };
    cards.push(layout);
    const where = `${layout.tool} card ${id}`;
    if (layout.titleWidth + 0.5 < layout.firstWordWidth) problems.push(`${where}: its title "${title}" is ${layout.titleWidth.toFixed(1)} px wide, narrower than its first word (${layout.firstWordWidth.toFixed(1)} px)`);
    problems.push(...oneLine(header, `${where}: header`));
    problems.push(...fullTextOnHover(header, where));
    const box = header.getBoundingClientRect();
    const status = header.querySelector<HTMLElement>(':scope > .tool-status')!.getBoundingClientRect();
    if (status.width === 0 || status.right > box.right + 0.5) problems.push(`${where}: the status is cut off (status ${status.left.toFixed(0)}–${status.right.toFixed(0)}, header ends at ${box.right.toFixed(0)})`);
    if (header.scrollWidth > header.clientWidth + 1) problems.push(`${where}: the header overflows (${header.scrollWidth} > ${header.clientWidth} px)`);
    const params = card.querySelector<HTMLElement>(':scope > .tool-params > summary');
    if (params) problems.push(...oneLine(params, `${where}: parameter summary`), ...fullTextOnHover(params.parentElement!, where, 'summary'));
  }
  for (const header of root.querySelectorAll<HTMLElement>('.entry-header:not(.tool-header)')) {
    if (isShown(header)) problems.push(...oneLine(header, `${header.closest<HTMLElement>('[data-kind]')?.dataset.kind ?? '?'} header`));
  }
  return { cards, problems, visibleText: visibleText(root), pageScrollWidth: document.documentElement.scrollWidth, pageClientWidth: document.documentElement.clientWidth };
}

/** The text's width on one line in the element's font. */
function naturalWidth(text: string, like: HTMLElement): number {
  const style = getComputedStyle(like);
  const probe = document.createElement('span');
  probe.textContent = text;
  Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'pre', font: style.font, letterSpacing: style.letterSpacing, textTransform: style.textTransform });
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}

/** Every text inside sits on one line box: no text wraps, and no child drops below the first line. */
function oneLine(element: HTMLElement, where: string): string[] {
  const rects: DOMRect[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || !isShown(node.parentElement!)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // An ellipsis splits a text into boxes on the same line; a wrap puts them on lines one below the other.
    const clip = clipBox(node.parentElement!, element);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0 && r.bottom > clip.top && r.top < clip.bottom);
    const lines = new Set(boxes.map((r) => Math.round(r.bottom)));
    if (!sameLine(boxes)) return [`${where}: "${node.textContent}" wraps onto ${lines.size} lines`];
    rects.push(...boxes);
  }
  return sameLine(rects) ? [] : [`${where}: its parts sit on more than one line (${element.textContent})`];
}

/** On one line every box overlaps every other vertically (text of different sizes, icons, badges). */
function sameLine(rects: DOMRect[]): boolean {
  if (rects.length === 0) return true;
  return Math.max(...rects.map((r) => r.top)) < Math.min(...rects.map((r) => r.bottom));
}

/** Whatever a header cuts with an ellipsis is whole in a title attribute (shown on hover). */
function fullTextOnHover(container: HTMLElement, where: string, selector = ':scope > *'): string[] {
  const problems: string[] = [];
  for (const element of container.querySelectorAll<HTMLElement>(selector)) {
    if (getComputedStyle(element).textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth + 1 || !isShown(element)) continue;
    const text = element.textContent ?? '';
    const title = element.title || element.closest<HTMLElement>('[title]')?.title || '';
    if (!title.includes(text.trim())) problems.push(`${where}: "${text}" is cut without the full text on hover (title "${title}")`);
  }
  return problems;
}

function isShown(element: Element): boolean {
  return element.checkVisibility({ contentVisibilityAuto: false, opacityProperty: false, visibilityProperty: true });
}

function visibleText(root: HTMLElement): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !isShown(parent) || parent.closest('.visually-hidden')) continue;
    if (inClosedFold(parent)) continue;
    parts.push(node.textContent ?? '');
  }
  return parts.join(' ');
}

/** Inside a closed <details>, and not in that fold's own summary. */
function inClosedFold(element: Element): boolean {
  for (let fold = element.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null) {
    const summary = fold.querySelector(':scope > summary');
    if (!fold.open && !(summary && summary.contains(element))) return true;
  }
  return false;
}

/** The box that clips a text inside `container`: its nearest ancestor (up to `container`) that hides overflow. */
function clipBox(from: HTMLElement, container: HTMLElement): DOMRect {
  for (let element: HTMLElement | null = from; element && element !== container; element = element.parentElement) {
    if (getComputedStyle(element).overflow !== 'visible') return element.getBoundingClientRect();
  }
  return container.getBoundingClientRect();
}
