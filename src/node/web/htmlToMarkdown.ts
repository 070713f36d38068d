import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** What never reaches the model: code, styling, navigation and embedded frames. */
const dropped = ['script', 'style', 'noscript', 'template', 'nav', 'iframe', 'object', 'embed', 'svg', 'canvas', 'form', 'link', 'meta'];
/** Readability's passes over a large DOM cost seconds; above this much HTML the page's main element is taken as is. */
const readabilityMaxHtml = 100_000;
/** The result is cut at 100k characters anyway: converting more HTML than this only costs time. */
const convertMaxHtml = 300_000;

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(dropped as never);
// No image URLs in the text: the panel never loads a page's images, and the model gets no link to send back.
turndown.addRule('imageAsText', {
  filter: 'img',
  replacement: (_content, node) => {
    const alt = ((node as { getAttribute?(name: string): string | null }).getAttribute?.('alt') ?? '').trim();
    return alt ? `[image: ${alt}]` : '';
  },
});

interface Node {
  outerHTML?: string;
  textContent: string | null;
  remove(): void;
  childNodes: ArrayLike<Node>;
}

/**
 * An HTML page as Markdown (spec §22): the main content found as Firefox's reader view does (@mozilla/readability
 * over linkedom, a light DOM), then turndown. A page readability finds no article in keeps its body; a large page
 * keeps its main element (`main`, `article`, `[role=main]`, else the body), converted up to what the cap can use.
 */
export function htmlToMarkdown(html: string): { title: string; markdown: string } {
  const { document } = parseHTML(html);
  for (const node of [...document.querySelectorAll(dropped.join(', '))]) node.remove();
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  const body = document.body as unknown as Node | null;
  const bodyHtml = (body as { innerHTML?: string } | null)?.innerHTML ?? '';
  if (bodyHtml.length <= readabilityMaxHtml) {
    let article: { title?: string | null; content?: string | null } | null = null;
    try {
      article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
    } catch {
      // A page readability cannot take is converted whole.
    }
    const markdown = clean(turndown.turndown(article?.content ?? bodyHtml));
    return { title: (article?.title ?? '').trim() || pageTitle, markdown };
  }
  const main = (document.querySelector('main, article, [role=main]') ?? document.body) as unknown as Node | null;
  const { html: part, left } = leadingHtml(main, convertMaxHtml);
  const rest = left > 0 ? `\n\n[… the page continues: ${Math.round(left / 1024)} KB more HTML, not converted]` : '';
  return { title: pageTitle, markdown: clean(turndown.turndown(part)) + rest };
}

/** The element's content from the start, up to `max` characters of HTML (a child too large is entered), and how much was left. */
function leadingHtml(element: Node | null, max: number): { html: string; left: number } {
  if (!element) return { html: '', left: 0 };
  let html = '';
  let left = 0;
  for (const child of Array.from(element.childNodes)) {
    const piece = child.outerHTML ?? escapeText(child.textContent ?? '');
    if (left === 0 && html.length + piece.length <= max) html += piece;
    else if (left === 0 && child.outerHTML !== undefined && html.length < max / 2) {
      const inner = leadingHtml(child, max - html.length);
      html += inner.html;
      left += inner.left;
    } else left += piece.length;
  }
  return { html, left };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function clean(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
