/**
 * Issue 55: the conversation as VS Code's language-model API takes it, in plain types (src/vscode/lm makes the
 * `vscode.LanguageModel*` objects of them). The API has two roles, so system text goes as the first user text, and
 * messages of one role in a row become one message: tool results then open the user message after their calls.
 */
import { imagePlaceholder } from '../images/imageText';
import type { ChatMessage, ImageAttachment, NativeToolCall } from '../ports/modelClient';

export interface LmImage {
  kind: 'image';
  mimeType: string;
  /** As it came: `data:<type>;base64,<data>`; the host decodes it into the part's bytes. */
  dataUrl: string;
}

export type LmResultContent = { kind: 'text'; text: string } | LmImage;

export type LmPart =
  | { kind: 'text'; text: string }
  | LmImage
  | { kind: 'toolCall'; callId: string; name: string; input: Record<string, unknown> }
  | { kind: 'toolResult'; callId: string; content: LmResultContent[] };

export interface LmMessage {
  role: 'user' | 'assistant';
  parts: LmPart[];
}

export interface LmConversionOptions {
  /** The model takes images: each goes as a data part, else its placeholder text stands for it. */
  images: boolean;
}

export function lmMessagesOf(messages: readonly ChatMessage[], options: LmConversionOptions): LmMessage[] {
  const out: LmMessage[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const parts = partsOf(message, options);
    if (!parts.length) continue;
    const last = out[out.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out;
}

function partsOf(message: ChatMessage, options: LmConversionOptions): LmPart[] {
  if (message.role === 'assistant') return [...textParts(message.content), ...(message.toolCalls ?? []).map(toolCallPart)];
  if (message.role === 'tool' && message.toolCallId) {
    const content: LmResultContent[] = [{ kind: 'text', text: message.content }, ...imageParts(message.images, options)];
    return [{ kind: 'toolResult', callId: message.toolCallId, content: content.filter((part) => part.kind !== 'text' || part.text !== '') }];
  }
  return [...textParts(message.content), ...imageParts(message.images, options)];
}

/** Blank text is left out: a part of nothing is refused by some providers and tells the model nothing. */
function textParts(text: string): LmPart[] {
  return text.trim() ? [{ kind: 'text', text }] : [];
}

function imageParts(images: readonly ImageAttachment[] | undefined, options: LmConversionOptions): Array<LmImage | { kind: 'text'; text: string }> {
  return (images ?? []).map((image) => (options.images
    ? { kind: 'image', mimeType: image.mimeType, dataUrl: image.dataUrl }
    : { kind: 'text', text: imagePlaceholder(image) }));
}

function toolCallPart(call: NativeToolCall): LmPart {
  return { kind: 'toolCall', callId: call.id, name: call.name, input: parsedArguments(call.arguments) };
}

/** The API takes the input as an object: arguments that are not a JSON object go as `{}` (the call failed on them already). */
export function parsedArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
