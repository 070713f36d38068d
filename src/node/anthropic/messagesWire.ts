/** A content block as the Messages API takes it; only the fields this client writes are named. */
export type WireBlock = { type: string; cache_control?: { type: 'ephemeral' } } & Record<string, unknown>;

/** A tool declaration: a custom tool (`name`, `description`, `input_schema`) or one of Anthropic's own (`type`, `name`). */
export type WireTool = { name: string; type?: string; cache_control?: { type: 'ephemeral' } } & Record<string, unknown>;

export interface WireMessage {
  role: 'user' | 'assistant';
  content: WireBlock[];
}

/** A Messages API request body (`POST /v1/messages`, streamed). */
export interface MessagesBody {
  model: string;
  max_tokens: number;
  system?: WireBlock[];
  messages: WireMessage[];
  tools?: WireTool[];
  thinking?: { type: 'adaptive' } | { type: 'enabled'; budget_tokens: number } | { type: 'disabled' };
  output_config?: { effort: 'low' | 'medium' | 'high' | 'max' };
  stream: true;
}

/** A block that is the model's thinking: it goes back verbatim, first in its assistant message. */
export function isThinkingBlock(block: { type?: unknown }): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking';
}
