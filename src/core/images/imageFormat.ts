/**
 * What an image's bytes say it is: the type by its magic bytes (never by its name or a declared type, spec §16:
 * an image is untrusted input) and its dimensions from its header, without decoding it.
 */
export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const imageMimeTypes: readonly ImageMimeType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export interface ImageDimensions {
  width: number;
  height: number;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

export function sniffImageType(bytes: Uint8Array): ImageMimeType | undefined {
  if (startsWith(bytes, pngSignature)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return undefined;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** Undefined when the header is cut short or malformed. */
export function imageDimensions(bytes: Uint8Array, type: ImageMimeType): ImageDimensions | undefined {
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  switch (type) {
    case 'image/png':
      return bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR' ? size(u32be(bytes, 16), u32be(bytes, 20)) : undefined;
    case 'image/gif':
      return bytes.length >= 10 ? size(u16le(bytes, 6), u16le(bytes, 8)) : undefined;
    case 'image/webp':
      return webpDimensions(bytes, size);
    case 'image/jpeg':
      return jpegDimensions(bytes, size);
  }
}

function webpDimensions(b: Uint8Array, size: (w: number, h: number) => ImageDimensions | undefined): ImageDimensions | undefined {
  if (b.length < 30) return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return size(u24le(b, 24) + 1, u24le(b, 27) + 1);
  if (chunk === 'VP8 ') return size(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return undefined;
}

/** Walks the segments to the first start-of-frame marker (SOF0…SOF15 but DHT, JPG and DAC). */
function jpegDimensions(b: Uint8Array, size: (w: number, h: number) => ImageDimensions | undefined): ImageDimensions | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) { at++; continue; }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { at += 2; continue; }
    const length = u16be(b, at + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return size(u16be(b, at + 7), u16be(b, at + 5));
    at += 2 + length;
  }
  return undefined;
}
