import type { ChatMessage, ImageAttachment } from '../ports/modelClient';
import { formatBytes } from './imageLimits';
import { english, type Translator } from '../ports/translator';

/** What stands for an image once its data is gone (compaction's summary request, spec §16). */
export function imagePlaceholder(image: Pick<ImageAttachment, 'name' | 'width' | 'height'>): string {
  return `[image: ${image.name}, ${image.width}x${image.height}]`;
}

export function withImagePlaceholders(content: string, images: readonly ImageAttachment[] | undefined): string {
  if (!images?.length) return content;
  return [content, ...images.map(imagePlaceholder)].filter(Boolean).join('\n');
}

/** Read's answer when the model takes no images (`codeagent.model.supportsImages` false). */
export function imageDescription(path: string, image: Pick<ImageAttachment, 'mimeType' | 'width' | 'height' | 'bytes'>): string {
  const kind = image.mimeType.replace('image/', '').toUpperCase();
  return `${path} is a ${kind} image, ${image.width}x${image.height} pixels, ${formatBytes(image.bytes)}. `
    + 'It is not shown: the model in use takes no images (codeagent.model.supportsImages is false).';
}

export function imagesNotSupportedMessage(l10n: Translator = english): string {
  return l10n.t('This model takes no images: codeagent.model.supportsImages is false (set by the model picker or Test connection, or by you). Choose a vision model or turn the setting on to attach images.');
}

/**
 * History for a model that takes no images (the setting turned off after images were sent): each image becomes
 * its placeholder in the text, so the request is not refused for them.
 */
export function imagesAsPlaceholders(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((message) => {
    if (!message.images?.length) return message;
    const { images, ...rest } = message;
    return { ...rest, content: withImagePlaceholders(message.content, images) };
  });
}
