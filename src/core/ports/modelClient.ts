/** The model as the core sees it: one streamed completion request. Implemented in src/node with the openai SDK. */
import { english, type Translator, type UserText, type WordedForUser } from './translator';

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface NativeToolCall {
  id: string;
  name: string;
  /** JSON text of the arguments, exactly as the model produced it. */
  arguments: string;
  /**
   * Fields the provider streamed on this call beside id/name/arguments (Gemini's `extra_content` with its
   * thought signature), kept verbatim; they go back only to the model that made the call (the message's echo).
   */
  extra?: Record<string, unknown>;
}

/**
 * What a provider streamed with an assistant message that must go back with it (spec §3 "What goes back"):
 * written and read only by the ModelClient, opaque to the core, stored with the message so a reload keeps it.
 */
export interface ProviderEcho {
  /** The API, endpoint and model that produced it: a request to any other never receives it, nor the calls' `extra`. */
  producer: string;
  /** Fields of the assistant message as streamed and accumulated (`reasoning_content`, `reasoning`, `reasoning_details`…). */
  fields?: Record<string, unknown>;
  /** The Responses API's output items that go back before the message's own (reasoning, with its encrypted content). */
  items?: unknown[];
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
  /** For role "assistant": what its provider wants back (reasoning, signatures), whatever the protocol. */
  echo?: ProviderEcho;
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the parameters. */
  parameters: Record<string, unknown>;
  /**
   * Anthropic's own tool of this kind (`{ type: 'memory_20250818', name: 'memory' }`): the Messages API declares it
   * as `{ type, name }` and its `tool_use` of `name` is this tool's call. Other APIs ignore it.
   */
  anthropicNative?: { type: string; name: string };
}

/** Spec §3 `model.reasoningEffort`; `default` sends nothing. Each client spells it as its provider does. */
export type ReasoningEffort = 'default' | 'none' | 'low' | 'medium' | 'high' | 'max';

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  maxOutputTokens?: number;
  tools?: ToolSpec[];
  reasoningEffort?: ReasoningEffort;
  /** Groups requests that share a prefix for the provider's prompt cache (the conversation's id). */
  cacheKey?: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  /** Of inputTokens, those written to the provider's prompt cache (Anthropic's cache_creation_input_tokens: billed at 1.25x input). */
  cacheWriteInputTokens?: number;
  /** Of outputTokens, those spent thinking, when the provider says (the Responses API, OpenRouter). */
  reasoningTokens?: number;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'unknown';

export type ModelChunk =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  /** The model declined (OpenAI's `refusal`): shown as the answer, marked as a refusal, and kept in history. */
  | { type: 'refusal'; delta: string }
  /** `extra`: the call's fields beside id/name/arguments (NativeToolCall.extra), from the first delta that has them. */
  | { type: 'toolCallDelta'; index: number; id?: string; name?: string; argumentsDelta?: string; extra?: Record<string, unknown> }
  /** Once per response, at its end: what goes back with the assistant message; the last one of a step counts. */
  | { type: 'echo'; echo: ProviderEcho }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish'; reason: FinishReason }
  /** The stream broke inside native tool calls and is asked again: the calls received so far are void. */
  | { type: 'toolCallsDropped' };

export type ModelErrorKind = 'network' | 'rateLimit' | 'server' | 'timeout' | 'auth' | 'badRequest' | 'cancelled' | 'unknown';

/**
 * Every failure of a ModelClient is one of these, so the core can decide on retries without knowing the SDK.
 * `text` worded by the translator (a function of `l10n` calling `l10n.t`) says it in the user's language too (userText);
 * `message` is its English, for logs and the model.
 */
export class ModelError extends Error implements WordedForUser {
  private readonly text: string | UserText;

  constructor(
    readonly kind: ModelErrorKind,
    text: string | UserText,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(typeof text === 'string' ? text : text(english));
    this.name = 'ModelError';
    this.text = text;
  }

  userText(l10n: Translator): string {
    return typeof this.text === 'string' ? this.text : this.text(l10n);
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'rateLimit' || this.kind === 'server' || this.kind === 'timeout';
  }
}

export interface ModelClient {
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk>;
}
