/** The model as the core sees it: one streamed completion request. Implemented in src/node with the openai SDK. */

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface NativeToolCall {
  id: string;
  name: string;
  /** JSON text of the arguments, exactly as the model produced it. */
  arguments: string;
}

/**
 * An image that travels with a message (spec §16): a data URL, validated and downscaled before it got here
 * (src/core/images), with what its placeholder names once compaction drops the data.
 */
export interface ImageAttachment {
  id: string;
  /** The file name as pasted, dropped or read. */
  name: string;
  mimeType: string;
  width: number;
  height: number;
  /** Of the image data (not of the data URL). */
  bytes: number;
  dataUrl: string;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** Sent as `image_url` parts after the text (a tool message's go into the user message after its run). */
  images?: readonly ImageAttachment[];
  /** For role "tool" in the native protocol: the call this answers. */
  toolCallId?: string;
  /** For role "assistant" in the native protocol. */
  toolCalls?: NativeToolCall[];
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the parameters. */
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  maxOutputTokens?: number;
  tools?: ToolSpec[];
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'unknown';

export type ModelChunk =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  /** The model declined (OpenAI's `refusal`): shown as the answer, marked as a refusal, and kept in history. */
  | { type: 'refusal'; delta: string }
  | { type: 'toolCallDelta'; index: number; id?: string; name?: string; argumentsDelta?: string }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish'; reason: FinishReason }
  /** The stream broke inside native tool calls and is asked again: the calls received so far are void. */
  | { type: 'toolCallsDropped' };

export type ModelErrorKind = 'network' | 'rateLimit' | 'server' | 'timeout' | 'auth' | 'badRequest' | 'cancelled' | 'unknown';

/** Every failure of a ModelClient is one of these, so the core can decide on retries without knowing the SDK. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'rateLimit' || this.kind === 'server' || this.kind === 'timeout';
  }
}

export interface ModelClient {
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk>;
}
