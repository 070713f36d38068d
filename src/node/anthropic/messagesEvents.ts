import { ModelError, type FinishReason, type ModelChunk, type TokenUsage } from '../../core/ports/modelClient';
import { apiErrorOf } from './messagesErrors';
import type { WireBlock } from './messagesWire';

/** One SSE event of a Messages API stream, as read off the wire (`event:` and the parsed `data:`). */
export interface RawEvent {
  event: string | null;
  data: unknown;
}

type Json = Record<string, unknown>;

interface OpenBlock {
  type: string;
  /** The block as it goes back: thinking text and signature joined, redacted data kept. */
  echo?: WireBlock;
  /** A tool_use: its input streamed so far. */
  sawInput?: boolean;
}

/**
 * A Messages API stream, accumulated from its raw events (spec §3 `messages`; the SDK's stream helper keeps only
 * what its types know): text, thinking and tool-use deltas as the core's chunks as they come; at the end the
 * thinking and redacted_thinking blocks in order (with their signatures) as the echo, the usage with the cache's
 * reads and writes, and the finish. An `error` event throws; before any content it is retried like a 5xx.
 * `nativeNames`: Anthropic's name of a native tool → the ToolSpec's own name.
 */
export class MessagesEventAccumulator {
  private readonly blocks = new Map<number, OpenBlock>();
  private readonly thinking: WireBlock[] = [];
  private usage: { input: number; cacheWrite: number; cacheRead: number; output: number } = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 };
  private sawUsage = false;
  private stopReason: string | undefined;
  private stopped = false;
  private sawContent = false;

  constructor(
    private readonly producer: string,
    private readonly nativeNames: ReadonlyMap<string, string> = new Map(),
    /** Thinking blocks of the assistant prefix this reply continues: the message keeps them first. */
    private readonly prefixThinking: readonly WireBlock[] = [],
  ) {}

  *add(raw: RawEvent): Generator<ModelChunk> {
    const data = (typeof raw.data === 'object' && raw.data !== null ? raw.data : {}) as Json;
    const type = typeof data.type === 'string' ? data.type : raw.event;
    switch (type) {
      case 'message_start': this.addUsage(((data.message ?? {}) as Json).usage); break;
      case 'content_block_start': yield* this.start(Number(data.index), (data.content_block ?? {}) as Json); break;
      case 'content_block_delta': yield* this.delta(Number(data.index), (data.delta ?? {}) as Json); break;
      case 'content_block_stop': yield* this.stop(Number(data.index)); break;
      case 'message_delta':
        this.addUsage(data.usage);
        if (typeof (data.delta as Json | undefined)?.stop_reason === 'string') this.stopReason = (data.delta as Json).stop_reason as string;
        break;
      case 'message_stop': this.stopped = true; break;
      case 'error': throw apiErrorOf((data.error ?? data) as Json, this.sawContent);
      // `ping` keeps the connection alive; types this client does not know are skipped.
    }
  }

  /** What the response ends with; a stream that stopped before `message_stop` broke. */
  *end(): Generator<ModelChunk> {
    if (!this.stopped) throw new ModelError('network', (l10n) => l10n.t('The connection to the model broke: the response ended before it completed.'));
    const items = [...this.prefixThinking, ...this.thinking];
    if (items.length) yield { type: 'echo', echo: { producer: this.producer, items } };
    if (this.sawUsage) yield { type: 'usage', usage: this.tokenUsage() };
    if (this.stopReason === 'refusal') yield { type: 'refusal', delta: this.sawContent ? '\n\n(The model declined to go on.)' : 'The model declined to answer.' };
    yield { type: 'finish', reason: finishOf(this.stopReason) };
  }

  private *start(index: number, block: Json): Generator<ModelChunk> {
    const type = String(block.type);
    if (type === 'thinking') this.blocks.set(index, { type, echo: { type: 'thinking', thinking: str(block.thinking), signature: str(block.signature) } });
    else if (type === 'redacted_thinking') this.blocks.set(index, { type, echo: { ...block, type } });
    else this.blocks.set(index, { type });
    if (type === 'text' && str(block.text)) yield this.content({ type: 'text', delta: str(block.text) });
    if (type === 'thinking' && str(block.thinking)) yield this.content({ type: 'reasoning', delta: str(block.thinking) });
    if (type === 'tool_use') {
      const name = str(block.name);
      const input = block.input && typeof block.input === 'object' && Object.keys(block.input).length ? JSON.stringify(block.input) : undefined;
      if (input) this.blocks.get(index)!.sawInput = true;
      yield this.content({ type: 'toolCallDelta', index, id: str(block.id), name: this.nativeNames.get(name) ?? name, argumentsDelta: input });
    }
  }

  private *delta(index: number, delta: Json): Generator<ModelChunk> {
    const block = this.blocks.get(index);
    switch (delta.type) {
      case 'text_delta': if (str(delta.text)) yield this.content({ type: 'text', delta: str(delta.text) }); break;
      case 'thinking_delta':
        if (block?.echo) block.echo.thinking = `${str(block.echo.thinking)}${str(delta.thinking)}`;
        if (str(delta.thinking)) yield this.content({ type: 'reasoning', delta: str(delta.thinking) });
        break;
      case 'signature_delta': if (block?.echo) block.echo.signature = `${str(block.echo.signature)}${str(delta.signature)}`; break;
      case 'input_json_delta':
        // Anthropic's server tools (web search, code execution) run on its side: they are no calls of ours.
        if (block?.type !== 'tool_use' || !str(delta.partial_json)) break;
        block.sawInput = true;
        yield { type: 'toolCallDelta', index, argumentsDelta: str(delta.partial_json) };
        break;
    }
  }

  private *stop(index: number): Generator<ModelChunk> {
    const block = this.blocks.get(index);
    if (block?.echo) this.thinking.push(block.echo);
    // A call without arguments streams none: its input is the empty object.
    if (block?.type === 'tool_use' && !block.sawInput) yield { type: 'toolCallDelta', index, argumentsDelta: '{}' };
  }

  private content(chunk: ModelChunk): ModelChunk {
    this.sawContent = true;
    return chunk;
  }

  /** Usage counts are cumulative: a later report replaces each count it carries. */
  private addUsage(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const usage = raw as Json;
    const take = (key: string, current: number) => (typeof usage[key] === 'number' && Number.isFinite(usage[key]) && (usage[key] as number) >= 0 ? (usage[key] as number) : current);
    this.usage = { input: take('input_tokens', this.usage.input), cacheWrite: take('cache_creation_input_tokens', this.usage.cacheWrite), cacheRead: take('cache_read_input_tokens', this.usage.cacheRead), output: take('output_tokens', this.usage.output) };
    this.sawUsage = true;
  }

  /** Anthropic's input_tokens leave out what the cache read and wrote; the core's input counts all of it. */
  private tokenUsage(): TokenUsage {
    const { input, cacheWrite, cacheRead, output } = this.usage;
    return { inputTokens: input + cacheWrite + cacheRead, outputTokens: output, cachedInputTokens: cacheRead, cacheWriteInputTokens: cacheWrite };
  }
}

function finishOf(stopReason: string | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn': case 'stop_sequence': case 'refusal': return 'stop';
    case 'tool_use': return 'tool_calls';
    // Both are continued with the reply so far as the prefix: `pause_turn` is Anthropic's way of asking for it.
    case 'max_tokens': case 'pause_turn': return 'length';
    default: return 'unknown';
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
