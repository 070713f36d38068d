import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** What never reaches the model: code, styling, navigation and embedded frames. */
const dropped = 'script, style, noscript, template, nav, iframe, object, embed, svg, canvas, form, link, meta';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'template', 'nav', 'iframe', 'object', 'embed', 'svg', 'canvas', 'form', 'link', 'meta'] as never);
// No image URLs in the text: the panel never loads a page's images, and the model gets no link to send back.
turndown.addRule('imageAsText', {
  filter: 'img',
  replacement: (_content, node) => {
    const alt = ((node as { getAttribute?(name: string): string | null }).getAttribute?.('alt') ?? '').trim();
    return alt ? `[image: ${alt}]` : '';
  },
});

/**
 * An HTML page as Markdown (spec §22): the main content found as Firefox's reader view does (@mozilla/readability
 * over linkedom, a light DOM), then turndown; a page readability finds no article in keeps its body.
 */
export function htmlToMarkdown(html: string): { title: string; markdown: string } {
  const { document } = parseHTML(html);
  for (const node of [...document.querySelectorAll(dropped)]) node.remove();
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    // A page readability cannot take is converted whole.
  }
  const content = article?.content ?? document.body?.innerHTML ?? document.toString();
  const markdown = turndown.turndown(content).replace(/\n{3,}/g, '\n\n').trim();
  return { title: (article?.title ?? pageTitle).trim() || pageTitle, markdown };
}
