import DOMPurify from 'dompurify';
import { neutraliseRemoteAttributes, REMOTE_LOADING_ATTRIBUTES, REMOTE_LOADING_TAGS, replaceRemoteImages } from './remoteContent';

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', neutraliseRemoteAttributes);

const config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: REMOTE_LOADING_TAGS,
  FORBID_ATTR: REMOTE_LOADING_ATTRIBUTES,
  // Our placeholder's data attribute is added by the hook; the model's HTML may not bring its own.
  ALLOW_DATA_ATTR: false,
  RETURN_DOM: true,
} as const;

/**
 * Model output is untrusted: every piece of HTML that reaches the DOM goes through here first. Nothing
 * executable survives, and nothing that loads by itself from anywhere but `data:` (see remoteContent.ts).
 */
export function sanitizeHtml(html: string): string {
  // Null when nothing is left (a <frameset> in place of a body, for one).
  const body = purify.sanitize(html, config) as HTMLElement | null;
  if (!body) return '';
  replaceRemoteImages(body);
  return body.innerHTML;
}
