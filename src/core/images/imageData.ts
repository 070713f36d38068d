import type { ImageAttachment } from '../ports/modelClient';
import { english, type UserText } from '../ports/translator';
import { imageDimensions, sniffImageType } from './imageFormat';
import { formatBytes, maxImageBytes } from './imageLimits';

/** An image accepted, or why not: `message` in English (the model reads it after a Read), `userText` in the user's words. */
export type ImageCheck = { ok: true; image: ImageAttachment } | { ok: false; message: string; userText: UserText };

function refused(text: UserText): Extract<ImageCheck, { ok: false }> {
  return { ok: false, message: text(english), userText: text };
}

const dataUrlHeader = /^data:[a-z]+\/[a-z0-9.+-]+;base64,/;

export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

function bytesOf(base64: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes from anywhere (a file Read, a pasted image): checked by size and magic bytes, never by name. */
export function imageFromBytes(id: string, name: string, bytes: Uint8Array): ImageCheck {
  if (bytes.length > maxImageBytes) return refused((l10n) => l10n.t('{0} is {1}; images over {2} are not sent.', name, formatBytes(bytes.length), formatBytes(maxImageBytes)));
  const checked = checkHeader(name, bytes);
  if ('problem' in checked) return refused(checked.problem);
  return { ok: true, image: { id, name, ...checked, bytes: bytes.length, dataUrl: `data:${checked.mimeType};base64,${base64Of(bytes)}` } };
}

function checkHeader(name: string, head: Uint8Array): { mimeType: string; width: number; height: number } | { problem: UserText } {
  const mimeType = sniffImageType(head);
  if (!mimeType) return { problem: (l10n) => l10n.t('{0} is not a PNG, JPEG, GIF or WebP image (its content says otherwise, whatever its name).', name) };
  const size = imageDimensions(head, mimeType);
  if (!size) return { problem: (l10n) => l10n.t('{0} looks like a {1} image but its header is damaged.', name, mimeType) };
  return { mimeType, ...size };
}

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;
/** Enough of the data for every header but a JPEG's behind large metadata (which then decodes whole). */
const headBase64Chars = 64 * 1024;

/**
 * A data URL from the panel: the declared type is ignored, the bytes decide. The size is judged from the
 * text's length, and only the header is decoded: the data is sent on as it came, with the type its bytes have.
 */
export function imageFromDataUrl(id: string, name: string, dataUrl: string): ImageCheck {
  const header = dataUrlHeader.exec(dataUrl.slice(0, 100));
  const notData = refused((l10n) => l10n.t('{0} is not an image sent as base64 data.', name));
  if (!header) return notData;
  const base64 = dataUrl.slice(header[0].length);
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes > maxImageBytes) return refused((l10n) => l10n.t('{0} is over {1}; images that large are not sent.', name, formatBytes(maxImageBytes)));
  if (base64.length % 4 !== 0 || !base64Text.test(base64)) return notData;
  let checked = checkHeader(name, bytesOf(base64.slice(0, headBase64Chars)) ?? new Uint8Array());
  if ('problem' in checked && base64.length > headBase64Chars) checked = checkHeader(name, bytesOf(base64) ?? new Uint8Array());
  if ('problem' in checked) return refused(checked.problem);
  return { ok: true, image: { id, name, ...checked, bytes, dataUrl: `data:${checked.mimeType};base64,${base64}` } };
}
