/** Issue 55: token counts by the model's own tokenizer (`countTokens`), one call per side of a request. */
import type * as vscode from 'vscode';
import type { LmMessage } from '../../core/lmChat/lmMessages';

/** The text a request carries, as one string: one count instead of one per message. */
export function lmText(messages: readonly LmMessage[]): string {
  const pieces: string[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.kind === 'text') pieces.push(part.text);
      else if (part.kind === 'toolCall') pieces.push(part.name, JSON.stringify(part.input));
      else if (part.kind === 'toolResult') for (const content of part.content) if (content.kind === 'text') pieces.push(content.text);
    }
  }
  return pieces.join('\n');
}

/** A provider that cannot count gets the usual estimate (four characters a token) rather than no meter at all. */
export async function countTokens(model: vscode.LanguageModelChat, text: string, token: vscode.CancellationToken): Promise<number> {
  if (!text) return 0;
  try {
    const counted = await model.countTokens(text, token);
    if (Number.isFinite(counted) && counted >= 0) return counted;
  } catch {
    // fall through to the estimate
  }
  return Math.ceil(text.length / 4);
}
