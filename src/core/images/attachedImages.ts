import type { ImageAttachment } from '../ports/modelClient';
import { english, type Translator } from '../ports/translator';
import { imageFromDataUrl } from './imageData';
import { imagesNotSupportedMessage } from './imageText';

/** More in one message is refused: each is up to a few MB of request. */
export const maxImagesPerMessage = 10;

export interface AttachedImage {
  name: string;
  dataUrl: string;
}

/**
 * The images a message from the panel carries, checked again on the host (the panel already checked them, but
 * they are untrusted input): the model must take images, each must be a PNG/JPEG/GIF/WebP by its bytes and
 * within the size limit. Ids are the host's own. The refusal is in the user's words (`l10n`, spec §20).
 */
export function checkAttachedImages(attached: readonly AttachedImage[], supportsImages: boolean, newId: () => string, l10n: Translator = english): { ok: true; images: ImageAttachment[] } | { ok: false; message: string } {
  if (attached.length === 0) return { ok: true, images: [] };
  if (!supportsImages) return { ok: false, message: imagesNotSupportedMessage(l10n) };
  if (attached.length > maxImagesPerMessage) return { ok: false, message: l10n.t('A message takes at most {0} images; this one has {1}.', maxImagesPerMessage, attached.length) };
  const images: ImageAttachment[] = [];
  for (const { name, dataUrl } of attached) {
    const checked = imageFromDataUrl(`img-${newId()}`.toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 64), name.slice(0, 200) || 'image', dataUrl);
    if (!checked.ok) return { ok: false, message: l10n.t('The message was not sent: {0}', checked.userText(l10n)) };
    images.push(checked.image);
  }
  return { ok: true, images };
}
