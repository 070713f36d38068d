import type { AttachedImageView } from '../src/protocol/messages';
import { t } from './l10n';

/** The same limits as the host's (src/core/images/imageLimits), which checks every image again. */
export const maxImageBytes = 20 * 1024 * 1024;
export const maxImageSide = 1568;

export type PreparedImage = AttachedImageView & { width: number; height: number };

/** An image the user cannot attach, with the reason in words. */
export class ImageRefused extends Error {}

/** By the first bytes, never by the name or the type the browser guessed from it. */
export function imageTypeOf(head: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  const text = String.fromCharCode(...head.subarray(0, 12));
  if (head[0] === 0x89 && text.slice(1, 4) === 'PNG') return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (text.startsWith('GIF87a') || text.startsWith('GIF89a')) return 'image/gif';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export function fittedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, maxImageSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A pasted, dropped or chosen file as it is sent: checked (size, magic bytes), decoded and, when its long side is
 * over 1568 px, scaled down. Every heavy step is asynchronous off the main thread (createImageBitmap decodes and
 * resizes in the background, convertToBlob encodes, FileReader builds the data URL), so the input stays responsive.
 */
export async function prepareImage(file: Blob, name: string): Promise<PreparedImage> {
  if (file.size > maxImageBytes) throw new ImageRefused(t('image.tooLarge', name, (file.size / 1024 / 1024).toFixed(1)));
  const type = imageTypeOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) throw new ImageRefused(t('image.notImage', name));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageRefused(t('image.damaged', name));
  }
  const { width, height } = bitmap;
  bitmap.close();
  const fitted = fittedSize(width, height);
  if (fitted.width === width && fitted.height === height) return { name, dataUrl: await dataUrlOf(file), width, height };
  const scaled = await createImageBitmap(file, { resizeWidth: fitted.width, resizeHeight: fitted.height, resizeQuality: 'high' });
  const canvas = new OffscreenCanvas(fitted.width, fitted.height);
  canvas.getContext('2d')!.drawImage(scaled, 0, 0);
  scaled.close();
  // JPEG: every vision endpoint takes it (llama.cpp's decoder has no WebP), and Chromium encodes it several times
  // faster than PNG and far smaller for screenshots with photos or gradients in them.
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  return { name, dataUrl: await dataUrlOf(blob), ...fitted };
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(blob);
  });
}
