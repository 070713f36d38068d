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
  private tail: RenderedBlock[] = [];

  constructor(private readonly body: HTMLElement) {
    body.replaceChildren();
  }

  update(text: string): void {
    const { keptFrozen, frozen, tail } = this.splitter.update(text);
    if (keptFrozen < this.frozen.length) {
      for (const nodes of this.frozen.splice(keptFrozen)) for (const node of nodes) node.remove();
      this.dropTail(0);
    }
    const blocks = [...frozen, ...tail];
    let reused = 0;
    while (reused < blocks.length && reused < this.tail.length && this.tail[reused]!.key === blocks[reused]!.key) reused++;
    const rendered = this.tail.slice(0, reused);
    this.dropTail(reused);
    for (const block of blocks.slice(reused)) rendered.push(this.render(block, false));
    for (const block of rendered.splice(0, frozen.length)) this.frozen.push(block.nodes);
    this.tail = rendered;
  }

  /** The stream paused or ended: an open fence at the end gets highlighted and decorated like a whole render would. */
  finish(): void {
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
