import { Lexer, type Token, type Tokens } from 'marked';
import { marked } from './markedSetup';

/**
 * A run of top-level Markdown tokens that renders to HTML on its own: rendering the blocks one by one and
 * concatenating the HTML gives what rendering the whole text once gives. Usually one token; raw HTML whose
 * tags are left open (`<details>` … several paragraphs … `</details>`) keeps the following tokens in its block.
 */
export interface Block {
  /** The exact source text of the block (its tokens' raw text, which includes the blank lines after it). */
  readonly raw: string;
  readonly tokens: Token[];
  /** A fenced code block still waiting for its closing fence ends this block: it stays plain text until then. */
  readonly openFence: boolean;
  /** Identifies the rendered HTML: the raw text plus the link definitions it was lexed with. */
  readonly key: string;
}

export interface SplitUpdate {
  /** Frozen blocks from this index on were dropped (a link definition arrived that they refer to). */
  readonly keptFrozen: number;
  /** Blocks that became final: render them once and never touch them again. */
  readonly frozen: readonly Block[];
  /** The open blocks at the end, re-rendered when their key changes. */
  readonly tail: readonly Block[];
}

/** How many non-blank tokens at the end stay open: text after a block must prove it closed. */
const OPEN_TOKENS = 2;

interface FrozenBlock {
  readonly start: number;
  readonly raw: string;
  /** The raw text normalised like a link label, to find the blocks a new link definition may change. */
  readonly labelText: string;
  readonly definitions: ReadonlyArray<readonly [string, Link]>;
}

type Link = { href: string | null; title?: string | null };

/**
 * Splits a growing Markdown text into top-level blocks with the `marked` lexer, freezing every block that
 * text after it proves closed. Each update re-lexes only the text from the first open block, so streaming
 * costs O(new text) per update, not O(all text). DOM-free: it returns blocks; a renderer turns them into HTML.
 */
export class BlockSplitter {
  private text = '';
  private cut = 0;
  private frozen: FrozenBlock[] = [];
  private links: Record<string, Link> = Object.create(null) as Record<string, Link>;

  /** The text after the frozen blocks (what the renderer re-renders as the open tail). */
  get openOffset(): number {
    return this.cut;
  }

  update(text: string): SplitUpdate {
    let keptFrozen = this.frozen.length;
    // Streaming only appends; anything else (a replaced text) starts over.
    if (!this.extends(text)) keptFrozen = this.unfreezeFrom(0);
    this.text = text;
    for (;;) {
      const lexer = new Lexer({ ...marked.defaults });
      Object.assign(lexer.tokens.links, this.links);
      const tailText = text.slice(this.cut);
      const tokens = lexer.lex(tailText);
      const newLinks = Object.entries(lexer.tokens.links).filter(([label]) => !(label in this.links));
      // A definition arriving after the blocks that use it changes them: re-open them (first definition wins).
      const stale = this.frozen.findIndex((block) => newLinks.some(([label]) => mentions(block.labelText, label)));
      if (stale >= 0) {
        keptFrozen = Math.min(keptFrozen, this.unfreezeFrom(stale));
        continue;
      }
      const linkKey = newLinks.length ? JSON.stringify(newLinks) : '';
      const blocks = groupBlocks(tokens, linkKey);
      const frozenCount = this.freezable(blocks, tailText, newLinks.map(([label]) => label));
      const frozen = blocks.slice(0, frozenCount);
      for (const block of frozen) this.freeze(block);
      return { keptFrozen, frozen, tail: blocks.slice(frozenCount) };
    }
  }

  /** Whether `text` appends to the last one. Checks the open tail and the last frozen block, not the whole text. */
  private extends(text: string): boolean {
    if (text.length < this.text.length) return false;
    const last = this.frozen.at(-1);
    if (last && !text.startsWith(last.raw, last.start)) return false;
    return text.startsWith(this.text.slice(this.cut), this.cut);
  }

  private unfreezeFrom(index: number): number {
    this.frozen.length = index;
    this.cut = this.frozen.length ? this.frozen.at(-1)!.start + this.frozen.at(-1)!.raw.length : 0;
    this.links = Object.create(null) as Record<string, Link>;
    for (const block of this.frozen) for (const [label, link] of block.definitions) this.links[label] ??= link;
    return index;
  }

  /** How many leading blocks are final. Conservative: when in doubt a block stays open. */
  private freezable(blocks: Block[], tailText: string, pendingLabels: string[]): number {
    if (tailText.includes('\r')) return 0; // the lexer rewrites line endings: raw text would not map to offsets
    const openTokens = blocks.map((block) => block.tokens.filter((token) => token.type !== 'space').length);
    let after = openTokens.reduce((sum, n) => sum + n, 0);
    let offset = 0;
    let count = 0;
    for (const block of blocks) {
      after -= openTokens[count]!;
      if (after < OPEN_TOKENS) break;
      if (!balancedHtml(block.tokens)) break; // the last block of a run of unclosed HTML: never final
      if (!block.raw.endsWith('\n') || tailText.slice(offset, offset + block.raw.length) !== block.raw) break;
      // A block that may use a definition still streaming waits for it to be final.
      if (pendingLabels.length && pendingLabels.some((label) => mentions(labelText(block.raw), label))) break;
      offset += block.raw.length;
      count++;
    }
    return count;
  }

  private freeze(block: Block): void {
    const definitions: Array<[string, Link]> = [];
    marked.walkTokens(block.tokens, (token) => {
      if (token.type === 'def') definitions.push([(token as Tokens.Def).tag, { href: (token as Tokens.Def).href, title: (token as Tokens.Def).title }]);
    });
    this.frozen.push({ start: this.cut, raw: block.raw, labelText: labelText(block.raw), definitions });
    for (const [label, link] of definitions) this.links[label] ??= link;
    this.cut += block.raw.length;
  }
}

/** Whether normalised text may refer to a label: `[label]`, `[text][label]` or `[label][]`. */
function mentions(text: string, label: string): boolean {
  return text.includes(`[${label}]`) || text.includes(`[ ${label}]`) || text.includes(`[${label} ]`) || text.includes(`[ ${label} ]`);
}

/** Link labels match case-insensitively with collapsed whitespace (marked's own normalisation). */
function labelText(raw: string): string {
  return raw.replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();
}

/** Tokens into blocks: blank lines join the block before them; unclosed raw HTML joins what follows until it closes. */
function groupBlocks(tokens: Token[], linkKey: string): Block[] {
  const blocks: Block[] = [];
  let current: Token[] = [];
  const html = new HtmlBalance();
  const flush = (): void => {
    if (!current.length) return;
    const raw = current.map((token) => token.raw).join('');
    const last = [...current].reverse().find((token) => token.type !== 'space');
    blocks.push({ raw, tokens: current, openFence: last !== undefined && isOpenFence(last), key: `${linkKey}\u0000${raw}` });
    current = [];
  };
  for (const token of tokens) {
    if (token.type === 'space' && current.length === 0 && blocks.length) {
      // Blank lines render nothing: they belong to the block before them (its raw text ends there).
      const previous = blocks.pop()!;
      current = [...previous.tokens];
    }
    current.push(token);
    html.scan(token);
    if (html.closed) flush();
  }
  flush();
  return blocks;
}

function balancedHtml(tokens: Token[]): boolean {
  const html = new HtmlBalance();
  for (const token of tokens) html.scan(token);
  return html.closed;
}

const fenceOpening = /^ {0,3}(`{3,}|~{3,})/;

/** A fenced code block the lexer ran to the end of the text because its closing fence has not arrived. */
export function isOpenFence(token: Token): boolean {
  if (token.type !== 'code' || (token as Tokens.Code).codeBlockStyle === 'indented') return false;
  const opening = fenceOpening.exec(token.raw);
  if (!opening) return false;
  const lines = token.raw.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return true;
  const fence = opening[1]!;
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},} *$`);
  return !closing.test(lines.at(-1)!);
}

const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const formattingElements = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);
/** The HTML parser's "special" elements (and ruby's, which implied end tags touch): they change scopes and modes. */
const specialElements = new Set([
  'address', 'applet', 'area', 'article', 'aside', 'base', 'basefont', 'bgsound', 'blockquote', 'body', 'br', 'button',
  'caption', 'center', 'col', 'colgroup', 'dd', 'details', 'dir', 'div', 'dl', 'dt', 'embed', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr',
  'html', 'iframe', 'img', 'input', 'keygen', 'li', 'link', 'listing', 'main', 'marquee', 'menu', 'meta', 'nav',
  'noembed', 'noframes', 'noscript', 'object', 'ol', 'optgroup', 'option', 'p', 'param', 'plaintext', 'pre', 'rb', 'rp',
  'rt', 'rtc', 'script', 'search', 'section', 'select', 'source', 'style', 'summary', 'table', 'tbody', 'td', 'template',
  'textarea', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul', 'wbr', 'xmp', 'svg', 'math',
]);

/**
 * An ordinary element (`<span>`, `<kbd>`, or prose like "from <host>" or "a List<T>") opened inside a paragraph,
 * list item, heading or table cell is popped by that container's end tag, so it cannot reach the next block.
 */
function closedByItsContainer(name: string): boolean {
  return !specialElements.has(name) && !formattingElements.has(name);
}
const htmlPiece = /<!--[\s\S]*?-->|<!--|<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>|<([a-zA-Z][a-zA-Z0-9-]*)(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;

/**
 * Whether the raw HTML seen so far leaves the HTML parser where it started. HTML a block opens and does
 * not close (an open `<div>`, a comment, a misnested `<b>`) changes how the blocks after it parse, so those
 * blocks must be rendered together with it. Conservative: anything unusual keeps the run open.
 */
class HtmlBalance {
  private readonly open: string[] = [];
  private broken = false;

  get closed(): boolean {
    return !this.broken && this.open.length === 0;
  }

  scan(token: Token): void {
    if (!containsHtml(token)) return;
    // Raw HTML inside another block's inline text (not an HTML block of its own) sits in that block's container.
    const inContainer = token.type !== 'html';
    marked.walkTokens([token], (inner) => {
      if (inner.type === 'html') this.scanHtml((inner as Tokens.HTML).text, inContainer);
    });
  }

  private scanHtml(html: string, inContainer: boolean): void {
    for (const match of html.matchAll(htmlPiece)) {
      const [piece, closing, opening] = match;
      if (piece === '<!--') this.broken = true; // an unclosed comment swallows everything after it
      else if (closing) this.close(closing.toLowerCase());
      else if (opening && !voidElements.has(opening.toLowerCase())) {
        const name = opening.toLowerCase();
        if (inContainer && closedByItsContainer(name)) continue;
        if (name === 'plaintext' || name === 'xmp' || name === 'template' || name === 'svg' || name === 'math') this.broken = true;
        this.open.push(name);
      }
    }
  }

  private close(name: string): void {
    const index = this.open.lastIndexOf(name);
    if (index < 0) return; // a stray end tag only affects where it stands
    const popped = this.open.splice(index);
    // Closing past an open formatting element makes the parser reopen it later (the adoption agency).
    if (popped.slice(1).some((element) => formattingElements.has(element)) || (formattingElements.has(name) && popped.length > 1)) this.broken = true;
  }
}

function containsHtml(token: Token): boolean {
  return token.raw.includes('<');
}
