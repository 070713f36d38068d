import type { WebClient } from '../ports/webClient';

export type ContentKind = 'html' | 'text' | 'binary';

const textTypes = /^(text\/|application\/(json|xml|javascript|ecmascript|x-javascript|yaml|x-yaml|toml|x-sh|graphql|ld\+json|x-ndjson)\b)|\+(json|xml)\b/i;

/** How a body is read: by its Content-Type, or sniffed when there is none. */
export function contentKind(contentType: string, body: Uint8Array): ContentKind {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (textTypes.test(type)) return 'text';
  if (type && type !== 'application/octet-stream') return 'binary';
  const head = decode(body.subarray(0, 1024), '').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  return body.subarray(0, 8000).includes(0) ? 'binary' : 'text';
}

/** The body as text in its declared charset, UTF-8 when none or unknown. */
export function decode(body: Uint8Array, contentType: string): string {
  const charset = /charset="?([\w.:-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The content the model reads, with the page title where there is one. */
export function readableContent(client: WebClient, url: URL, contentType: string, body: Uint8Array): { title: string; content: string } {
  const text = decode(body, contentType);
  if (contentKind(contentType, body) !== 'html') return { title: '', content: text };
  const { title, markdown } = client.htmlToMarkdown(text, url);
  return { title, content: markdown };
}
