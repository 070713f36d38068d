import type { ChatMessage, ImageAttachment } from '../ports/modelClient';

/**
 * Where a request's images travel (spec §16). A user message carries its own. A tool message cannot (OpenAI's
 * chat completions take only text there), and nothing may come between an assistant's tool calls and their
 * results: the images of a run of tool messages go into one user message right after the run. In the xml
 * protocol a tool result is a user message already, so it keeps its images.
 */
export function carryToolImages(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let pending: { names: string[]; images: ImageAttachment[] } | undefined;
  const flush = () => {
    if (!pending) return;
    out.push({ role: 'user', content: `The image${pending.images.length === 1 ? '' : 's'} returned by the tool call above: ${pending.names.join(', ')}`, images: pending.images });
    pending = undefined;
  };
  for (const message of messages) {
    if (message.role !== 'tool') flush();
    if (message.role === 'tool' && message.images?.length) {
      const { images, ...withoutImages } = message;
      out.push(withoutImages);
      pending ??= { names: [], images: [] };
      pending.names.push(...images.map((i) => i.name));
      pending.images.push(...images);
      continue;
    }
    if ((message.role === 'assistant' || message.role === 'system') && message.images?.length) {
      // Only user messages may carry images on the wire.
      const { images: _dropped, ...withoutImages } = message;
      out.push(withoutImages);
      continue;
    }
    out.push(message);
  }
  flush();
  return out;
}

/** The content parts of a user message with images: its text, then each image as an `image_url` data URL. */
export function userContentParts(message: ChatMessage): ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[] {
  const parts: ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[] = [];
  if (message.content) parts.push({ type: 'text', text: message.content });
  for (const image of message.images ?? []) parts.push({ type: 'image_url', image_url: { url: image.dataUrl } });
  return parts;
}
