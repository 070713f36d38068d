import type { ImageAttachment } from '../ports/modelClient';
import { imageDimensions, sniffImageType } from './imageFormat';
import { formatBytes, maxImageBytes } from './imageLimits';

/** An image accepted, or why not, in words for the user. */
export type ImageCheck = { ok: true; image: ImageAttachment } | { ok: false; message: string };

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
  if (bytes.length > maxImageBytes) return { ok: false, message: `${name} is ${formatBytes(bytes.length)}; images over ${formatBytes(maxImageBytes)} are not sent.` };
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, message: `${name} is not a PNG, JPEG, GIF or WebP image (its content says otherwise, whatever its name).` };
  const size = imageDimensions(bytes, mimeType);
  if (!size) return { ok: false, message: `${name} looks like a ${mimeType} image but its header is damaged.` };
  return { ok: true, image: { id, name, mimeType, width: size.width, height: size.height, bytes: bytes.length, dataUrl: `data:${mimeType};base64,${base64Of(bytes)}` } };
}

/**
 * A data URL from the panel: the declared type is ignored, the bytes decide. The size is judged from the
 * text's length before anything is decoded.
 */
export function imageFromDataUrl(id: string, name: string, dataUrl: string): ImageCheck {
  const header = dataUrlHeader.exec(dataUrl.slice(0, 100));
  const notData = { ok: false as const, message: `${name} is not an image sent as base64 data.` };
  if (!header) return notData;
  const base64 = dataUrl.slice(header[0].length);
  if (Math.floor((base64.length * 3) / 4) > maxImageBytes + 3) {
    return { ok: false, message: `${name} is over ${formatBytes(maxImageBytes)}; images that large are not sent.` };
  }
  const bytes = bytesOf(base64);
  return bytes ? imageFromBytes(id, name, bytes) : notData;
}
