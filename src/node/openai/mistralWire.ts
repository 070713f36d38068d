import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

const idPattern = /^[a-zA-Z0-9]{9}$/;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Mistral's rules for a request (research: "Tool call id was call_0fypS1hVX but must be a-z, A-Z, 0-9, with a length
 * of 9." and "Unexpected role 'user' after role 'tool'"): every other provider's call id becomes 9 such characters,
 * the same in the call and its result and in every request, distinct within the request; and a user message right
 * after a tool message gets a short assistant message before it.
 */
export function forMistral(messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  const ids = new MistralIds(messages);
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    if (message.role === 'user' && out.at(-1)?.role === 'tool') out.push({ role: 'assistant', content: 'Done.' });
    if (message.role === 'tool') out.push({ ...message, tool_call_id: ids.of(message.tool_call_id) });
    else if (message.role === 'assistant' && message.tool_calls?.length) out.push({ ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: ids.of(call.id) })) });
    else out.push(message);
  }
  return out;
}

class MistralIds {
  private readonly mapped = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(messages: ChatCompletionMessageParam[]) {
    // Ids that already follow the rule keep themselves, so a rewritten one never lands on them.
    for (const message of messages) {
      if (message.role === 'assistant') for (const call of message.tool_calls ?? []) this.keepIfValid(call.id);
      if (message.role === 'tool') this.keepIfValid(message.tool_call_id);
    }
  }

  of(id: string): string {
    let mapped = this.mapped.get(id);
    if (mapped) return mapped;
    for (let salt = 0; !mapped || this.taken.has(mapped); salt++) mapped = nineCharacters(`${salt}:${id}`);
    this.mapped.set(id, mapped);
    this.taken.add(mapped);
    return mapped;
  }

  private keepIfValid(id: string): void {
    if (idPattern.test(id) && !this.mapped.has(id)) {
      this.mapped.set(id, id);
      this.taken.add(id);
    }
  }
}

/** Nine characters of [a-zA-Z0-9] from two FNV-1a hashes of the text: the same id always gives the same result. */
function nineCharacters(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  let out = '';
  for (let i = 0; i < 9; i++) {
    const source = i % 2 === 0 ? a : b;
    out += alphabet[source % alphabet.length];
    if (i % 2 === 0) a = Math.imul(a ^ (a >>> 13), 0x01000193) >>> 0;
    else b = Math.imul(b ^ (b >>> 15), 0x5bd1e995) >>> 0;
  }
  return out;
}
