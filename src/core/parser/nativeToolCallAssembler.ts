import type { ModelChunk } from '../ports/modelClient';
import { JsonStringFieldStreamer } from './jsonStringFieldStreamer';
import { ParserEventCollector } from './parserEventCollector';
import type { ParserEvent } from './parserEvents';

export type ToolCallDeltaChunk = Extract<ModelChunk, { type: 'toolCallDelta' }>;

interface AssembledCall {
  index: number;
  id?: string;
  name?: string;
  /** Set once toolCallStart was emitted; the id never changes after that. */
  callId?: string;
  argumentPieces: string[];
  fields: JsonStringFieldStreamer;
  /** The provider's own fields on the call (Gemini's signed `extra_content`), from the first delta that has them. */
  extra?: Record<string, unknown>;
}

/**
 * The `native` wire format (OpenAI streamed `tool_calls`) turned into the same events as the XML parser:
 * toolCallStart once the name is known, string parameters as they stream, toolCallEnd with parsed params on finish().
 */
export class NativeToolCallAssembler {
  private calls: AssembledCall[] = [];
  private latestByIndex = new Map<number, AssembledCall>();

  /** `callIdFor`: turns the provider's id (possibly absent or repeated) into the id events carry. */
  constructor(private readonly callIdFor: (providerId: string | undefined, index: number) => string = (id, index) => id ?? `native-${index}`) {}

  push(chunk: ToolCallDeltaChunk): ParserEvent[] {
    const out = new ParserEventCollector();
    const call = this.callFor(chunk);
    if (chunk.id && !call.id) call.id = chunk.id;
    if (chunk.name && !call.name) call.name = chunk.name;
    if (chunk.extra && !call.extra) call.extra = chunk.extra;
    if (chunk.argumentsDelta) call.argumentPieces.push(chunk.argumentsDelta);

    if (call.callId === undefined) {
      if (call.name) {
        this.start(call, out);
        this.streamFields(call, call.argumentPieces.join(''), out);
      }
    } else if (chunk.argumentsDelta) {
      this.streamFields(call, chunk.argumentsDelta, out);
    }
    return out.drain();
  }

  /** Ends every call of this response, in the order they appeared, and gets ready for the next response. */
  finish(): ParserEvent[] {
    const out = new ParserEventCollector();
    for (const call of this.calls) {
      if (call.callId === undefined) this.start(call, out);
      const raw = call.argumentPieces.join('');
      const parsed = parseArguments(raw);
      out.push({
        type: 'toolCallEnd',
        callId: call.callId!,
        name: call.name ?? '',
        params: parsed.params,
        complete: parsed.complete && call.name !== undefined,
        raw,
        ...(call.extra ? { extra: call.extra } : {}),
      });
    }
    this.calls = [];
    this.latestByIndex = new Map();
    return out.drain();
  }

  private callFor(chunk: ToolCallDeltaChunk): AssembledCall {
    const latest = this.latestByIndex.get(chunk.index);
    // Some OpenAI-compatible servers send parallel calls all at index 0, told apart only by their ids.
    if (latest && !(chunk.id && latest.id && chunk.id !== latest.id)) return latest;
    const call: AssembledCall = { index: chunk.index, argumentPieces: [], fields: new JsonStringFieldStreamer() };
    this.calls.push(call);
    this.latestByIndex.set(chunk.index, call);
    return call;
  }

  private start(call: AssembledCall, out: ParserEventCollector): void {
    call.callId = this.callIdFor(call.id, call.index);
    out.push({ type: 'toolCallStart', callId: call.callId, name: call.name ?? '' });
  }

  private streamFields(call: AssembledCall, argumentsText: string, out: ParserEventCollector): void {
    for (const { field, delta } of call.fields.push(argumentsText)) out.paramDelta(call.callId!, call.name ?? '', field, delta);
  }
}

/** A call's JSON arguments as string parameters (others re-serialised); complete=false when they are no JSON object. */
export function parseArguments(raw: string): { params: Record<string, string>; complete: boolean } {
  if (raw.trim() === '') return { params: {}, complete: true };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { params: {}, complete: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { params: {}, complete: false };
  const params: Record<string, string> = {};
  try {
    for (const [key, field] of Object.entries(value)) params[key] = typeof field === 'string' ? field : JSON.stringify(field);
  } catch {
    // Nesting deep enough to overflow the stack (10,000 levels) parses but cannot be re-serialised: invalid arguments.
    return { params: {}, complete: false };
  }
  return { params, complete: true };
}
