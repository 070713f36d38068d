import { codeBlocksIn, finishCodeBlock } from '../codeHighlighter';
import { BlockSplitter, type Block } from './blockSplitter';
import { marked } from './markedSetup';
import { sanitizeHtml } from './sanitize';

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
  private readonly frozen: ChildNode[][] = [];
  /** Final blocks not rendered yet: a burst of text is rendered over several frames, never in one long task. */
  private backlog: Block[] = [];
  private tail: RenderedBlock[] = [];
  private openTail: readonly Block[] = [];

  constructor(private readonly body: HTMLElement) {
    body.replaceChildren();
  }

  /** Whether rendered blocks lag behind the text (an update ran out of time): call `update` again soon. */
  get behind(): boolean {
    return this.backlog.length > 0;
  }

  /**
   * Renders `text`. With a `deadline` (a `performance.now()` time) it stops rendering new final blocks once
   * the deadline passes and shows the open tail only when it has caught up; without one it renders all.
   */
  update(text: string, deadline = Infinity): void {
    const { keptFrozen, frozen, tail } = this.splitter.update(text);
    if (keptFrozen < this.frozen.length) {
      for (const nodes of this.frozen.splice(keptFrozen)) for (const node of nodes) node.remove();
      this.backlog = [];
      this.dropTail(0);
    } else this.backlog.length = Math.min(this.backlog.length, keptFrozen - this.frozen.length);
    this.backlog.push(...frozen);
    this.openTail = tail;
    this.catchUp(deadline);
  }

  private catchUp(deadline: number): void {
    // The rendered tail blocks come first on the page: a final block that was rendered as tail keeps its nodes.
    let reused = 0;
    while (reused < this.backlog.length && reused < this.tail.length && this.tail[reused]!.key === this.backlog[reused]!.key) reused++;
    for (const block of this.tail.splice(0, reused)) this.frozen.push(block.nodes);
    this.backlog.splice(0, reused);
    if (this.backlog.length) this.dropTail(0);
    let rendered = 0;
    while (rendered < this.backlog.length && (rendered === 0 || performance.now() < deadline)) this.frozen.push(this.render(this.backlog[rendered++]!, false).nodes);
    this.backlog.splice(0, rendered);
    if (this.backlog.length) return;
    let kept = 0;
    while (kept < this.openTail.length && kept < this.tail.length && this.tail[kept]!.key === this.openTail[kept]!.key) kept++;
    this.dropTail(kept);
    for (const block of this.openTail.slice(kept)) this.tail.push(this.render(block, false));
  }

  /** The stream paused or ended: an open fence at the end gets highlighted and decorated like a whole render would. */
  finish(): void {
    this.catchUp(Infinity);
    const last = this.tail.at(-1);
    if (!last || last.complete) return;
    const blocks = codeBlocksIn(last.nodes);
    const open = blocks.at(-1);
    if (open) finishCodeBlock(open);
    this.tail[this.tail.length - 1] = { ...last, complete: true };
  }

  private dropTail(from: number): void {
    for (const block of this.tail.splice(from)) for (const node of block.nodes) node.remove();
  }

  private render(block: Block, highlightOpenFence: boolean): RenderedBlock {
    const html = sanitizeHtml(marked.parser(block.tokens));
    const before = this.body.lastChild;
    this.body.insertAdjacentHTML('beforeend', html);
    const nodes: ChildNode[] = [];
    for (let node = before ? before.nextSibling : this.body.firstChild; node; node = node.nextSibling) nodes.push(node);
    const code = codeBlocksIn(nodes);
    // The open fence is the block's last code block; it is highlighted and decorated once, when it closes.
    const plain = block.openFence && !highlightOpenFence ? code.pop() : undefined;
    for (const element of code) finishCodeBlock(element);
    return { key: block.key, nodes, complete: plain === undefined };
  }
}
