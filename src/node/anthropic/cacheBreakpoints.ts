import { maxCacheMarks } from '../openai/cacheMarks';
import { isThinkingBlock, type MessagesBody, type WireBlock, type WireTool } from './messagesWire';

const mark = { type: 'ephemeral' } as const;

/**
 * Spec §3 caching: where a request asks Anthropic's prompt cache to write, at most 4 breakpoints (Anthropic's limit,
 * a 400 beyond it): the last tool, the last system block, then the user messages from the newest back, as long as
 * marks are left (the last two when there are tools and a system prompt). The newest user message writes the
 * conversation so far; the one before it is where the previous request wrote, so this one reads it. A copy; the
 * body given is not changed.
 */
export function withCacheBreakpoints(body: MessagesBody): MessagesBody {
  const tools = body.tools?.map((t) => ({ ...t }));
  const system = body.system?.map((b) => ({ ...b }));
  const messages = body.messages.map((m) => ({ ...m, content: m.content.map((b) => ({ ...b })) }));
  const wanted: (WireBlock | WireTool)[] = [];
  if (tools?.length) wanted.push(tools.at(-1)!);
  const systemBlock = system?.at(-1);
  if (systemBlock) wanted.push(systemBlock);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    const block = [...message.content].reverse().find(markable);
    if (block) wanted.push(block);
  }
  for (const block of wanted.slice(0, maxCacheMarks)) block.cache_control = mark;
  const marked: MessagesBody = { ...body, messages };
  if (tools) marked.tools = tools;
  if (system) marked.system = system;
  return marked;
}

/** Thinking blocks cannot carry a mark, nor can a text block with no text. */
function markable(block: WireBlock): boolean {
  if (isThinkingBlock(block)) return false;
  return block.type !== 'text' || (typeof block.text === 'string' && block.text.trim() !== '');
}

/** The marks a body carries, nested tool_result content included: what Anthropic counts against its limit. */
export function cacheMarksIn(body: Pick<MessagesBody, 'tools' | 'system' | 'messages'>): number {
  const count = (blocks: readonly unknown[] | undefined): number => (blocks ?? []).reduce<number>((n, block) => {
    if (typeof block !== 'object' || block === null) return n;
    const nested = (block as { content?: unknown }).content;
    return n + ('cache_control' in block && (block as WireBlock).cache_control ? 1 : 0) + (Array.isArray(nested) ? count(nested) : 0);
  }, 0);
  return count(body.tools) + count(body.system) + body.messages.reduce((n, m) => n + count(m.content), 0);
}
