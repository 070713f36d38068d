import type { EventSink } from '../events';
import { resilientModelStream, type ResilienceOptions } from '../model/resilientModelStream';
import { NativeToolCallAssembler } from '../parser/nativeToolCallAssembler';
import type { ParserEvent, ToolCallEndEvent } from '../parser/parserEvents';
import { XmlStreamParser } from '../parser/xmlStreamParser';
import type { FinishReason, ModelChunk, ModelClient, ModelRequest, ProviderEcho, TokenUsage } from '../ports/modelClient';
import type { CallIdAllocator } from './callIdAllocator';
import { PartialToolCallReporter } from './partialToolCallReporter';

export interface ModelStep {
  /** Everything the model wrote as text (XML tool calls included): the assistant message of this step. */
  text: string;
  toolCalls: ToolCallEndEvent[];
  usage: TokenUsage | undefined;
  finish: FinishReason;
  /** What the provider wants back with this step's assistant message (the last response's, after a continuation). */
  echo?: ProviderEcho;
}

export interface ModelStepOptions extends ResilienceOptions {
  protocol: 'xml' | 'native';
  /** Tool name → parameter names, for the XML parser. */
  toolGrammar: Readonly<Record<string, readonly string[]>>;
  turnId: string;
  /** Unique per model call: XML call ids restart with every parser, so they are qualified with it. */
  stepId: string;
  emit: EventSink;
  onUsage(usage: TokenUsage): void;
  /** Makes native call ids unique across the conversation (providers may omit or repeat them). */
  callIds?: CallIdAllocator;
}

/** One model call of a turn: streams it, parses tool calls incrementally, and forwards every event as it happens. */
export async function readModelStep(client: ModelClient, request: ModelRequest, options: ModelStepOptions): Promise<ModelStep> {
  const { turnId, emit } = options;
  const xml = options.protocol === 'xml' ? new XmlStreamParser({ tools: options.toolGrammar }) : undefined;
  const newAssembler = () => new NativeToolCallAssembler(options.callIds ? (id) => options.callIds!.allocate(id) : undefined);
  let native = newAssembler();
  const openNativeCalls = new Set<string>();
  const partials = new PartialToolCallReporter(turnId, emit);
  const step: ModelStep = { text: '', toolCalls: [], usage: undefined, finish: 'unknown' };

  const handle = (events: ParserEvent[], qualify: boolean) => {
    for (const raw of events) {
      const event = qualify && 'callId' in raw ? { ...raw, callId: `${options.stepId}-${raw.callId}` } : raw;
      switch (event.type) {
        case 'text': emit({ type: 'text', turnId, delta: event.delta }); break;
        case 'thinking': emit({ type: 'thinking', turnId, delta: event.delta }); break;
        case 'toolCallStart': partials.start(event.callId, event.name); if (!qualify) openNativeCalls.add(event.callId); break;
        case 'toolParamDelta': partials.delta(event.callId, event.param, event.delta); break;
        case 'toolCallEnd': partials.end(event.callId); openNativeCalls.delete(event.callId); step.toolCalls.push(event); break;
      }
    }
  };

  try {
    for await (const chunk of resilientModelStream(client, request, options)) {
      consume(chunk);
    }
  } catch (error) {
    throw new StepInterrupted(error, step.text);
  }
  if (xml) handle(xml.end(), true);
  handle(native.finish(), false);
  return step;

  function consume(chunk: ModelChunk): void {
    switch (chunk.type) {
      case 'text':
        step.text += chunk.delta;
        if (xml) handle(xml.feed(chunk.delta), true);
        else emit({ type: 'text', turnId, delta: chunk.delta });
        break;
      case 'reasoning': emit({ type: 'thinking', turnId, delta: chunk.delta }); break;
      // Plain prose, never tool calls: it bypasses the XML parser, and history keeps it as the answer.
      case 'refusal': step.text += chunk.delta; emit({ type: 'text', turnId, delta: chunk.delta, refusal: true }); break;
      case 'toolCallDelta': handle(native.push(chunk), false); break;
      case 'usage': step.usage = chunk.usage; options.onUsage(chunk.usage); break;
      case 'finish': step.finish = chunk.reason; break;
      case 'echo': step.echo = chunk.echo; break;
      case 'toolCallsDropped':
        partials.abandon([...openNativeCalls], 'The connection broke while the model wrote this call; it was asked again.');
        openNativeCalls.clear();
        native = newAssembler();
        break;
    }
  }
}

/** A model call that failed after streaming some text: the turn keeps that text in history. */
export class StepInterrupted extends Error {
  constructor(override readonly cause: unknown, readonly partialText: string) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'StepInterrupted';
  }
}
