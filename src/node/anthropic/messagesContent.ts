import type { ChatMessage, ImageAttachment } from '../../core/ports/modelClient';
import { ToolUseIds } from './toolUseIds';
import { isThinkingBlock, type WireBlock, type WireMessage } from './messagesWire';

export interface MessagesContent {
  system: WireBlock[];
  messages: WireMessage[];
}

/** How calls are named on the wire: a tool Anthropic knows natively goes by its own name (ToolSpec.anthropicNative). */
export type WireToolName = (name: string) => string;

/**
 * A conversation as the Messages API wants it (spec §3 `messages`): the leading system messages are `system`; a
 * tool result is a `tool_result` block (with `is_error` when it failed, its images inside it) at the start of the
 * next user message; the thinking blocks this producer streamed go back verbatim, first in their assistant message;
 * consecutive messages of one role are one message; no text block is empty.
 */
export function messagesContent(history: readonly ChatMessage[], producer: string, wireName: WireToolName): MessagesContent {
  const leading = history.findIndex((m) => m.role !== 'system');
  const head = leading === -1 ? history : history.slice(0, leading);
  const ids = new ToolUseIds(history.flatMap((m) => [...(m.toolCalls ?? []).map((c) => c.id), ...(m.toolCallId ? [m.toolCallId] : [])]));
  const messages: WireMessage[] = [];
  for (const message of history.slice(head.length)) {
    const blocks = blocksOf(message, producer, ids, wireName);
    if (!blocks.length) continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const last = messages.at(-1);
    if (last?.role === role) last.content = role === 'user' ? resultsFirst([...last.content, ...blocks]) : [...last.content, ...blocks];
    else messages.push({ role, content: blocks });
  }
  return { system: head.flatMap((m) => textBlocks(m.content)), messages };
}

function blocksOf(message: ChatMessage, producer: string, ids: ToolUseIds, wireName: WireToolName): WireBlock[] {
  switch (message.role) {
    case 'assistant': {
      // Another API's or model's thinking means nothing here, and Anthropic rejects a signature it did not make.
      const own = message.echo?.producer === producer ? ((message.echo.items ?? []) as WireBlock[]).filter(isThinkingBlock) : [];
      const calls = (message.toolCalls ?? []).map((call) => ({ type: 'tool_use', id: ids.of(call.id), name: wireName(call.name), input: inputOf(call.arguments) }));
      return [...own, ...textBlocks(message.content), ...calls];
    }
    case 'tool': {
      const content = [...textBlocks(message.content), ...(message.images ?? []).map(imageBlock)];
      const result: WireBlock = { type: 'tool_result', tool_use_id: ids.of(message.toolCallId ?? ''), content: content.length ? content : [{ type: 'text', text: '(no output)' }] };
      if (/^\[(error|cancelled)\]/.test(message.content)) result.is_error = true;
      return [result];
    }
    default:
      // A system message after the conversation started (a summary) reads as the user's text.
      return [...textBlocks(message.content), ...(message.role === 'user' ? (message.images ?? []).map(imageBlock) : [])];
  }
}

/** Anthropic refuses a text block that is empty or only white space ("text content blocks must be non-empty"). */
function textBlocks(text: string): WireBlock[] {
  return text.trim() ? [{ type: 'text', text }] : [];
}

/** A call's arguments as the object `input` must be; a call whose JSON broke keeps its place with no input. */
function inputOf(args: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(args || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function imageBlock(image: ImageAttachment): WireBlock {
  const comma = image.dataUrl.indexOf(',');
  return { type: 'image', source: { type: 'base64', media_type: image.mimeType, data: image.dataUrl.slice(comma + 1) } };
}

/** Every tool_result of a user message before its other blocks: Anthropic wants the results first. */
function resultsFirst(blocks: WireBlock[]): WireBlock[] {
  return [...blocks.filter((b) => b.type === 'tool_result'), ...blocks.filter((b) => b.type !== 'tool_result')];
}
