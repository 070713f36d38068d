import type { ChatMessage, TokenUsage } from '../ports/modelClient';

/**
 * What a conversation stores: one message of L3. `kind` tells rounds apart — in the xml protocol a tool
 * result travels as a user message, but only a `user` message opens a round.
 */
export type HistoryKind = 'user' | 'assistant' | 'toolResult' | 'summary';

export interface HistoryMessage extends ChatMessage {
  id: string;
  createdAt: number;
  kind: HistoryKind;
  turnId?: string;
  toolName?: string;
  /** On assistant messages: the usage and cost of the model call that produced it. */
  usage?: TokenUsage;
  cost?: number;
  /** On summaries: what they replaced. A summary is never summarised again. */
  summaryOf?: { fromTime: number; toTime: number; messageCount: number };
}

/** The wire form of a history message: summaries are system messages of L3 (seed 001 §A5). */
export function toChatMessage(message: HistoryMessage): ChatMessage {
  const chat: ChatMessage = { role: message.kind === 'summary' ? 'system' : message.role, content: message.content };
  if (message.toolCallId) chat.toolCallId = message.toolCallId;
  if (message.toolCalls?.length) chat.toolCalls = message.toolCalls;
  if (message.images?.length) chat.images = message.images;
  if (message.echo) chat.echo = message.echo;
  return chat;
}
