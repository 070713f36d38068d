import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

const extensions: Record<string, string> = {
  'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp',
  'application/zip': '.zip', 'application/gzip': '.gz', 'application/octet-stream': '.bin',
};

/** A fetched file that is not text, saved in the conversation's storage (spec §22); its path is the result. */
export async function saveDownload(dir: string, conversationId: string, url: URL, contentType: string, body: Uint8Array): Promise<string> {
  const folder = path.join(dir, conversationId.replace(/[^\w.-]/g, '_'));
  await fsp.mkdir(folder, { recursive: true });
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '').replace(/[^\w.-]/g, '_').replace(/^\.+/, '').slice(0, 80);
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = path.extname(last) ? '' : (extensions[type] ?? '.bin');
  const name = `${Date.now().toString(36)}-${last || url.hostname.replace(/[^\w.-]/g, '_')}${extension}`;
  const file = path.join(folder, name);
  await fsp.writeFile(file, body);
  return file;
}
