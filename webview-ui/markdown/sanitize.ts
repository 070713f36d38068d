import DOMPurify from 'dompurify';

/** Model output is untrusted: every piece of HTML that reaches the DOM goes through here first. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}
