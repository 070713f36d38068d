import type { ChatCompletionContentPartText, ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** Anthropic refuses a request with more blocks marked than this (a 400 naming the count). */
export const maxCacheMarks = 4;

type CachePoint = { type: 'ephemeral' };
export type MarkedTextPart = ChatCompletionContentPartText & { cache_control: CachePoint };

/** Claude's prompt cache must be asked for; any id naming it is Claude, OpenRouter's `anthropic/…` included. */
export function needsCacheMarks(model: string): boolean {
  return model.toLowerCase().includes('claude');
}

/**
 * Spec §3 "Prompt caching that must be asked for": for a Claude model, the system prompt and the last two user
 * or tool messages get their last non-empty text part marked `cache_control: {type: "ephemeral"}`. The last
 * mark writes the conversation so far to the cache; the one before it is where the previous request wrote, so
 * this request reads it. Marks already in the messages count against Anthropic's limit of 4; when the budget
 * is short the system prompt goes first, then the newest message. Other models get the same array back.
 */
export function withCacheMarks(model: string, messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  if (!needsCacheMarks(model)) return messages;
  let budget = maxCacheMarks - messages.reduce((count, message) => count + marksIn(message), 0);
  if (budget <= 0) return messages;
  const candidates: number[] = [];
  const system = messages.findIndex((message) => message.role === 'system');
  if (system >= 0 && marksIn(messages[system]!) === 0 && markedCopy(messages[system]!)) candidates.push(system);
  let tail = 0;
  for (let i = messages.length - 1; i >= 0 && tail < 2; i--) {
    const message = messages[i]!;
    if (message.role !== 'user' && message.role !== 'tool') continue;
    // A message marked already holds its place in the tail.
    if (marksIn(message) > 0) tail++;
    else if (markedCopy(message)) {
      candidates.push(i);
      tail++;
    }
  }
  const marked = [...messages];
  for (const index of candidates) {
    if (budget <= 0) break;
    marked[index] = markedCopy(messages[index]!)!;
    budget--;
  }
  return marked;
}

/** The message with its last non-empty text part marked, or undefined when it has no text to mark. */
function markedCopy(message: ChatCompletionMessageParam): ChatCompletionMessageParam | undefined {
  const { content } = message;
  if (typeof content === 'string') {
    if (!content.trim()) return undefined;
    const part: MarkedTextPart = { type: 'text', text: content, cache_control: { type: 'ephemeral' } };
    return { ...message, content: [part] } as ChatCompletionMessageParam;
  }
  if (!Array.isArray(content)) return undefined;
  const parts: readonly unknown[] = content;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (!isTextPart(part) || !part.text.trim()) continue;
    const copy = [...parts];
    copy[i] = { ...part, cache_control: { type: 'ephemeral' } };
    return { ...message, content: copy } as ChatCompletionMessageParam;
  }
  return undefined;
}

function marksIn(message: ChatCompletionMessageParam): number {
  const { content } = message;
  if (!Array.isArray(content)) return 0;
  return (content as readonly unknown[]).filter((part) => typeof part === 'object' && part !== null && 'cache_control' in part).length;
}

function isTextPart(part: unknown): part is ChatCompletionContentPartText {
  return typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string';
}
