import { imageFromBytes } from '../images/imageData';
import { formatBytes, maxImageBytes } from '../images/imageLimits';
import { imageDescription } from '../images/imageText';
import type { ToolContext, ToolResult } from './toolTypes';
import { fileNotFound } from './fileAccess';
import { baseName } from './pathConfinement';
import { ToolFailure, success } from './toolResults';

const imageExtension = /\.(png|jpe?g|gif|webp)$/i;

export function isImagePath(path: string): boolean {
  return imageExtension.test(path);
}

export interface ReadImageData {
  path: string;
  mtimeMs: number;
  image: { mimeType: string; width: number; height: number; bytes: number; shown: boolean };
}

/**
 * Read of a png/jpg/gif/webp (spec §16): the image itself beside a one-line text, or, for a model that takes no
 * images, that line alone. The content decides the type; a file named .png that is not an image is refused.
 */
export async function readImageFile(path: string, ctx: Pick<ToolContext, 'fs' | 'readLedger' | 'supportsImages'>, callId: string | undefined): Promise<ToolResult> {
  const stat = await ctx.fs.stat(path);
  if (!stat) throw await fileNotFound(ctx.fs, path);
  if (stat.type === 'directory') throw new ToolFailure('is_directory', `'${path}' is a directory, not a file. Use LS to list it.`);
  if (stat.size > maxImageBytes) throw new ToolFailure('file_too_large', `'${path}' is ${formatBytes(stat.size)}; images over ${formatBytes(maxImageBytes)} are not read.`);
  const checked = imageFromBytes(`read-${(callId ?? 'call').toLowerCase().replace(/[^a-z0-9_-]/g, '')}`.slice(0, 64), baseName(path), await ctx.fs.readBytes(path));
  if (!checked.ok) throw new ToolFailure('not_an_image', checked.message);
  ctx.readLedger.record(path, stat.mtimeMs);
  const { image } = checked;
  const shown = ctx.supportsImages !== false;
  const data: ReadImageData = { path, mtimeMs: stat.mtimeMs, image: { mimeType: image.mimeType, width: image.width, height: image.height, bytes: image.bytes, shown } };
  if (!shown) return success(data, imageDescription(path, image));
  const result = success(data, `${path}: ${image.mimeType.replace('image/', '').toUpperCase()} image, ${image.width}x${image.height} pixels, ${formatBytes(image.bytes)}; the image follows.`);
  result.images = [image];
  return result;
}
