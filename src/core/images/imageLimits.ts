/** Spec §16: what an image may be before it reaches the model. */

/** Larger images are refused with a message, pasted or read. */
export const maxImageBytes = 20 * 1024 * 1024;

/** The long side an attached image is downscaled to (the size vision models work at without tiling further). */
export const maxImageSide = 1568;

/**
 * The size an image is sent at: its own when its long side fits, else scaled down to `maxSide` keeping the
 * aspect ratio (each side at least 1 pixel).
 */
export function downscaledSize(width: number, height: number, maxSide = maxImageSide): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const scale = maxSide / longSide;
  return {
    width: width >= height ? maxSide : Math.max(1, Math.round(width * scale)),
    height: height > width ? maxSide : Math.max(1, Math.round(height * scale)),
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
