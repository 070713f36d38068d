/**
 * Issue 55: a VS Code language model's response parts as the chunks every ModelClient streams. The API hands each
 * tool call over whole (the provider assembled its arguments), so a call is one `toolCallDelta` with all of them.
 */
import type { FinishReason, ModelChunk } from '../ports/modelClient';

export type LmResponsePart =
  | { kind: 'text'; value: string }
  | { kind: 'thinking'; value: string }
  | { kind: 'toolCall'; callId: string; name: string; input: unknown };

export class LmResponseChunks {
  private calls = 0;
  /** What the model wrote, for counting its tokens: no usage comes with the response. */
  private written = '';

  chunksOf(part: LmResponsePart): ModelChunk[] {
    if (part.kind === 'toolCall') {
      const argumentsText = JSON.stringify(part.input ?? {});
      this.written += part.name + argumentsText;
      return [{ type: 'toolCallDelta', index: this.calls++, id: part.callId, name: part.name, argumentsDelta: argumentsText }];
    }
    if (!part.value) return [];
    this.written += part.value;
    return [{ type: part.kind === 'text' ? 'text' : 'reasoning', delta: part.value }];
  }

  get writtenText(): string {
    return this.written;
  }

  finishReason(): FinishReason {
    return this.calls ? 'tool_calls' : 'stop';
  }
}
