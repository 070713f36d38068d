import type { ProviderEcho } from '../../core/ports/modelClient';

/** The reasoning fields of one delta, as providers stream them (none is in the SDK's types). */
export interface ReasoningDelta {
  reasoning_content?: unknown;
  reasoning?: unknown;
  reasoning_details?: unknown;
}

type Detail = Record<string, unknown>;

/** Who produced an echo: only a request to the same API, endpoint and model gets it back (spec §3). */
export function echoProducer(api: 'chat' | 'responses', baseUrl: string, model: string): string {
  return `${api} ${baseUrl.replace(/\/+$/, '')} ${model}`;
}

/**
 * Builds what goes back with an assistant message from a response's raw deltas (spec §3 "What goes back"). The
 * SDK's stream helper would overwrite these chunk by chunk; here the strings are joined in order and
 * `reasoning_details` are merged by `index` and `type` (text and summary joined, the last signature, data, id and format kept),
 * as OpenRouter documents.
 */
export class EchoAccumulator {
  private reasoningContent = '';
  private reasoning = '';
  private readonly details: Detail[] = [];
  private readonly detailAt = new Map<string, Detail>();
  /** A call carried its own fields (NativeToolCall.extra): the message needs a producer for them to go back. */
  private callExtras = false;

  add(delta: ReasoningDelta): void {
    if (typeof delta.reasoning_content === 'string') this.reasoningContent += delta.reasoning_content;
    if (typeof delta.reasoning === 'string') this.reasoning += delta.reasoning;
    if (Array.isArray(delta.reasoning_details)) for (const detail of delta.reasoning_details) this.addDetail(detail);
  }

  /** A call of this response carried fields of its own (a toolCallDelta chunk's `extra`). */
  callHadExtra(): void {
    this.callExtras = true;
  }

  /** The echo of the response, or undefined when it streamed nothing that goes back. */
  echo(producer: string): ProviderEcho | undefined {
    const fields: Record<string, unknown> = {};
    if (this.reasoningContent) fields.reasoning_content = this.reasoningContent;
    if (this.reasoning) fields.reasoning = this.reasoning;
    if (this.details.length) fields.reasoning_details = this.details;
    if (Object.keys(fields).length) return { producer, fields };
    return this.callExtras ? { producer } : undefined;
  }

  private addDetail(detail: unknown): void {
    if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return;
    const piece = detail as Detail;
    // OpenRouter streams Gemini's reasoning text and its encrypted signature as two details at the same index.
    const key = typeof piece.index === 'number' ? `${piece.index} ${String(piece.type)}` : undefined;
    const merged = key === undefined ? undefined : this.detailAt.get(key);
    if (!merged) {
      const copy = { ...piece };
      this.details.push(copy);
      if (key !== undefined) this.detailAt.set(key, copy);
      return;
    }
    for (const [key, value] of Object.entries(piece)) {
      if ((key === 'text' || key === 'summary') && typeof value === 'string') merged[key] = `${typeof merged[key] === 'string' ? merged[key] : ''}${value}`;
      else if (value !== null && value !== undefined && value !== '') merged[key] = value;
    }
  }
}
