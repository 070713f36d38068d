import type { ModelRequest, ToolSpec } from '../../core/ports/modelClient';
import { withCacheBreakpoints } from './cacheBreakpoints';
import { messagesContent } from './messagesContent';
import { isThinkingBlock, type MessagesBody, type WireMessage, type WireTool } from './messagesWire';
import { thinkingParams } from './thinkingConfig';

/** `max_tokens` is required by the Messages API; this when the request names none. */
export const defaultMaxTokens = 8192;

/**
 * A ModelRequest as a Messages API request (spec §3 `messages`): `system` on top, tools with `input_schema` (or
 * Anthropic's own declaration for a native tool), `max_tokens` always, thinking from the reasoning effort, and at most
 * 4 cache breakpoints. Thinking stays off for a request whose open assistant turn has no thinking of this producer
 * at its start (another model's steps, a prefix to continue): Anthropic refuses that turn with thinking on.
 */
export function messagesBody(request: ModelRequest, producer: string): MessagesBody {
  const nativeNames = new Map((request.tools ?? []).filter((t) => t.anthropicNative).map((t) => [t.name, t.anthropicNative!.name]));
  const { system, messages } = messagesContent(request.messages, producer, (name) => nativeNames.get(name) ?? name);
  const maxTokens = request.maxOutputTokens ?? defaultMaxTokens;
  const body: MessagesBody = { model: request.model, max_tokens: maxTokens, messages: trimmedPrefix(messages), stream: true };
  if (system.length) body.system = system;
  if (request.tools?.length) body.tools = request.tools.map(toolDeclaration);
  const thinking = thinkingParams(request.model, request.reasoningEffort, maxTokens);
  if (thinking.thinking?.type !== 'disabled' && thinking.thinking && !openTurnStartsWithThinking(messages)) return withCacheBreakpoints(body);
  return withCacheBreakpoints({ ...body, ...thinking });
}

function toolDeclaration(tool: ToolSpec): WireTool {
  if (tool.anthropicNative) return { type: tool.anthropicNative.type, name: tool.anthropicNative.name };
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

/**
 * The assistant turn still open (the request ends in its tool results, or in an assistant prefix to continue) starts
 * with a thinking block; a request with no open turn has nothing to check.
 */
function openTurnStartsWithThinking(messages: WireMessage[]): boolean {
  const last = messages.at(-1);
  if (!last) return true;
  const endsInResults = last.role === 'user' && last.content.every((b) => b.type === 'tool_result');
  if (last.role === 'user' && !endsInResults) return true;
  let first: WireMessage | undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user' && !message.content.every((b) => b.type === 'tool_result')) break;
    if (message.role === 'assistant') first = message;
  }
  return first?.content[0] !== undefined && isThinkingBlock(first.content[0]);
}

/** A final assistant message (a prefix the reply continues) may not end in white space. */
function trimmedPrefix(messages: WireMessage[]): WireMessage[] {
  const last = messages.at(-1);
  const block = last?.role === 'assistant' ? last.content.at(-1) : undefined;
  if (!last || block?.type !== 'text' || typeof block.text !== 'string') return messages;
  const text = block.text.trimEnd();
  const content = [...last.content.slice(0, -1), ...(text ? [{ ...block, text }] : [])];
  return content.length ? [...messages.slice(0, -1), { ...last, content }] : messages.slice(0, -1);
}
