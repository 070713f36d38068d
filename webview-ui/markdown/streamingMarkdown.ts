import { codeBlocksIn, finishCodeBlock } from '../codeHighlighter';
import { BlockSplitter, type Block } from './blockSplitter';
import { marked } from './markedSetup';
import { sanitizeHtml } from './sanitize';

/** How much more text a budgeted update hands the block splitter (a few milliseconds of lexing). */
const FEED_CHARS = 8192;
/** About how much final text renders as one piece of HTML (sanitising has a cost per call, not only per byte). */
const GROUP_CHARS = 4096;
/** At most this much of the text not rendered yet shows as plain text at the end while a burst is rendered. */
const PENDING_CHARS = 4096;

/** A final block: its nodes (a render group's nodes sit with its first block) and where its group starts. */
interface FrozenBlock {
  readonly block: Block;
  readonly nodes: ChildNode[];
  readonly groupStart: number;
}

interface RenderedBlock {
  readonly key: string;
  readonly nodes: ChildNode[];
  /** False while an open fence at its end is shown as plain text. */
  readonly complete: boolean;
}

/**
 * Renders a growing Markdown text into an element at a cost of O(new text) per update: blocks that can no
 * longer change are rendered once and their nodes never touched again; only the open blocks at the end
 * re-render, and only when their text changed. Once finished, the element holds exactly what rendering the
 * whole text once gives (`renderMarkdown` then `finishCodeBlocks`).
 */
export class StreamingMarkdown {
  private readonly splitter = new BlockSplitter();
  private readonly frozen: FrozenBlock[] = [];
  /** Final blocks not rendered yet: a burst of text is rendered over several frames, never in one long task. */
  private backlog: Block[] = [];
  private tail: RenderedBlock[] = [];
  private openTail: readonly Block[] = [];
  /** The latest text, and how much of it the splitter has seen (a budgeted update feeds it in pieces). */
  private text = '';
  private fed = 0;
  /**
   * Final groups rendered but not in the page yet. While a burst is rendered slice by slice, every slice that
   * changed the page would make the next frame lay out, pre-paint and paint the growing entry again; staged
   * groups join the page only when the caller says so (a few times a second) and whenever the tail renders.
   */
  private readonly staging: HTMLElement;
  /** Tail nodes the staged blocks replace: they leave the page when those blocks join it, never to be reused. */
  private retired: ChildNode[] = [];
  /**
   * Code blocks of final groups not highlighted and decorated yet. Highlighting is the largest part of rendering a
   * burst (a 200 KB answer: about half its script time): it waits until the text is shown, then runs in the time
   * left of each update, the newest (nearest the end the user follows) first.
   */
  private unfinishedCode: HTMLElement[] = [];
  /** How much of the text the final blocks rendered so far hold (staged ones included). */
  private frozenChars = 0;
  /**
   * While a burst is rendered over many updates, the end of the text not rendered yet shows as plain text after what
   * is: the user follows the end of the answer, which would otherwise wait for every block before it to render. It
   * changes only when an update attaches, and goes once the blocks have caught up.
   */
  private pending: HTMLElement | undefined;

  constructor(private readonly body: HTMLElement) {
    body.replaceChildren();
    this.staging = body.ownerDocument.createElement(body.tagName);
  }

  /** Whether rendered blocks lag behind the text (an update ran out of time): call `update` again soon. */
  get behind(): boolean {
    return this.backlog.length > 0 || this.fed < this.text.length || this.unfinishedCode.length > 0;
  }

  /**
   * Renders `text`. With a `deadline` (a `performance.now()` time) it stops rendering new final blocks once
   * the deadline passes and shows the open tail only when it has caught up; without one it renders all.
   * `attach: false` keeps the final blocks this update renders out of the page until a later update attaches
   * them or the tail is shown.
   */
  update(text: string, deadline = Infinity, attach = true): void {
    this.text = text;
    if (text.length < this.fed) this.fed = 0;
    const budgeted = deadline !== Infinity;
    // Lexing a burst of 200 KB at once is itself a long task: a budgeted update lexes the next piece only once
    // what was lexed before is rendered. A prefix splits exactly as a stream that has delivered only that much.
    if (budgeted && this.backlog.length > 0) return this.catchUp(deadline, attach);
    this.fed = budgeted ? Math.min(text.length, this.fed + FEED_CHARS) : text.length;
    const { keptFrozen, frozen, tail } = this.splitter.update(this.fed === text.length ? text : text.slice(0, this.fed));
    if (keptFrozen < this.frozen.length) {
      // Blocks rendered in one group with the first reopened block go too, and are rendered again first.
      const from = this.frozen[keptFrozen]!.groupStart;
      const removed = this.frozen.splice(from);
      for (const { block, nodes } of removed) {
        this.frozenChars -= block.raw.length;
        for (const node of nodes) node.remove();
      }
      this.backlog = removed.slice(0, keptFrozen - from).map(({ block }) => block);
      this.dropTail(0);
    } else this.backlog.length = Math.min(this.backlog.length, keptFrozen - this.frozen.length);
    this.backlog.push(...frozen);
    this.openTail = tail;
    this.catchUp(deadline, attach);
  }

  private catchUp(deadline: number, attach = true): void {
    // The rendered tail blocks come first on the page: a final block that was rendered as tail keeps its nodes.
    const reused = sameKeys(this.tail, this.backlog);
    this.tail.splice(0, reused).forEach((block, i) => this.keepFinal([this.backlog[i]!], block.nodes));
    this.backlog.splice(0, reused);
    if (this.backlog.length) this.retireTail();
    let rendered = 0;
    while (rendered < this.backlog.length && (rendered === 0 || performance.now() < deadline)) {
      // Final blocks render in groups: one parse, one sanitise and one insertion for a few KB of text.
      let end = rendered + 1;
      for (let size = this.backlog[rendered]!.raw.length; end < this.backlog.length && size < GROUP_CHARS; end++) size += this.backlog[end]!.raw.length;
      const group = this.backlog.slice(rendered, end);
      this.keepFinal(group, this.render({ tokens: group.flatMap((block) => block.tokens), openFence: false, key: '' }, this.staging, true).nodes);
      rendered = end;
    }
    this.backlog.splice(0, rendered);
    // The tail shows only after the staged blocks before it: while they wait, so does the tail.
    const caughtUp = !this.backlog.length && this.fed === this.text.length;
    if (!attach && !caughtUp) return;
    this.attachStaged();
    if (this.backlog.length) return this.showPending(this.frozenChars);
    this.pending?.remove();
    const kept = sameKeys(this.tail, this.openTail);
    this.dropTail(kept);
    for (const block of this.openTail.slice(kept)) this.tail.push(this.render(block));
    if (caughtUp) {
      this.pending = undefined;
      this.finishCode(deadline);
    } else this.showPending(this.fed);
  }

  /** Highlights and decorates waiting code blocks until `deadline`, at least one. */
  private finishCode(deadline: number): void {
    for (let done = 0; this.unfinishedCode.length && (done === 0 || performance.now() < deadline); done++) finishCodeBlock(this.unfinishedCode.pop()!);
  }

  /** The stream paused or ended: an open fence at the end gets highlighted and decorated like a whole render would. */
  finish(): void {
    if (this.fed < this.text.length) this.update(this.text);
    else this.catchUp(Infinity);
    const last = this.tail.at(-1);
    if (!last || last.complete) return;
    const blocks = codeBlocksIn(last.nodes);
    const open = blocks.at(-1);
    if (open) finishCodeBlock(open);
    this.tail[this.tail.length - 1] = { ...last, complete: true };
  }

  /** Staged final groups join the page, after the final blocks already there (no tail is shown meanwhile). */
  private attachStaged(): void {
    for (const node of this.retired) node.remove();
    this.retired = [];
    if (this.staging.firstChild) this.body.insertBefore(fragmentOf(this.staging), this.pending ?? null);
  }

  /** The end of the text after `shown` (what the blocks on the page hold), as plain text after them. */
  private showPending(shown: number): void {
    const start = Math.max(shown, this.text.length - PENDING_CHARS);
    const text = (start > shown ? '…\n' : '') + this.text.slice(start);
    if (!this.pending) {
      this.pending = this.body.ownerDocument.createElement('div');
      this.pending.className = 'md-pending';
      // Read once rendered: a screen reader would otherwise meet the same text twice.
      this.pending.setAttribute('aria-hidden', 'true');
    }
    if (this.pending.textContent !== text) this.pending.textContent = text;
    if (this.pending.parentNode !== this.body || this.pending.nextSibling) this.body.append(this.pending);
  }

  private retireTail(): void {
    for (const block of this.tail.splice(0)) this.retired.push(...block.nodes);
  }

  /** Blocks rendered together: the nodes sit with the first, the others point at it. */
  private keepFinal(blocks: Block[], nodes: ChildNode[]): void {
    const groupStart = this.frozen.length;
    for (const block of blocks) this.frozenChars += block.raw.length;
    blocks.forEach((block, i) => this.frozen.push({ block, nodes: i === 0 ? nodes : [], groupStart }));
  }

  private dropTail(from: number): void {
    for (const block of this.tail.splice(from)) for (const node of block.nodes) node.remove();
  }

  /** `final`: a final group, whose code blocks wait in `unfinishedCode` (finished by `finishCode`). */
  private render(block: Pick<Block, 'tokens' | 'openFence' | 'key'>, into: HTMLElement = this.body, final = false): RenderedBlock {
    const html = sanitizeHtml(marked.parser(block.tokens));
    const before = into.lastChild;
    into.insertAdjacentHTML('beforeend', html);
    const nodes: ChildNode[] = [];
    for (let node = before ? before.nextSibling : into.firstChild; node; node = node.nextSibling) nodes.push(node);
    const code = codeBlocksIn(nodes);
    // The open fence is the block's last code block; it is highlighted and decorated once, when it closes.
    const plain = block.openFence ? code.pop() : undefined;
    if (final) this.unfinishedCode.push(...code);
    else for (const element of code) finishCodeBlock(element);
    return { key: block.key, nodes, complete: plain === undefined };
  }
}

function fragmentOf(element: HTMLElement): DocumentFragment {
  const fragment = element.ownerDocument.createDocumentFragment();
  fragment.append(...element.childNodes);
  return fragment;
}

/** How many leading blocks already on screen have the keys of the blocks that should be there. */
function sameKeys(shown: readonly { key: string }[], wanted: readonly { key: string }[]): number {
  let same = 0;
  while (same < shown.length && same < wanted.length && shown[same]!.key === wanted[same]!.key) same++;
  return same;
}
