export interface ContentPiece {
  text: string;
  thinking: boolean;
}

/**
 * A delta's `content`: a string (OpenAI and most providers) or, from Mistral's reasoning models, an array of
 * parts: `{type: "text", text}` and `{type: "thinking", thinking: [{type: "text", text}]}`. One stream may mix both.
 * Parts of other types (images, references) carry no text for the transcript and are skipped.
 */
export function contentPieces(content: unknown): ContentPiece[] {
  if (typeof content === 'string') return content ? [{ text: content, thinking: false }] : [];
  if (!Array.isArray(content)) return [];
  const pieces: ContentPiece[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string' && part.text) pieces.push({ text: part.text, thinking: false });
    if (part.type === 'thinking') {
      const text = thinkingText(part.thinking);
      if (text) pieces.push({ text, thinking: true });
    }
  }
  return pieces;
}

function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  return thinking.map((inner) => (isRecord(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
