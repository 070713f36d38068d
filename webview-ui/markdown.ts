import { marked } from './markdown/markedSetup';
import { sanitizeHtml } from './markdown/sanitize';

/** Model output is untrusted: render Markdown, then strip anything executable. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false }));
}
