import type { HistoryMessage } from '../../../../src/core/history/historyMessage';
import type { TokenUsage } from '../../../../src/core/ports/modelClient';

export type Protocol = 'xml' | 'native';

/** Builds histories the way AgentSession records them: a user message, then the turn's compressed records. */
export class HistoryBuilder {
  readonly messages: HistoryMessage[] = [];
  private seq = 0;
  private time: number;

  constructor(startTime = Date.UTC(2025, 0, 2, 9, 0, 0)) {
    this.time = startTime;
  }

  private add(message: Omit<HistoryMessage, 'id' | 'createdAt'>): HistoryMessage {
    const full = { id: `m${this.seq++}`, createdAt: (this.time += 1000), ...message } as HistoryMessage;
    this.messages.push(full);
    return full;
  }

  user(content: string): this {
    this.add({ kind: 'user', role: 'user', content });
    return this;
  }

  /** One model step that calls a tool, and its result, in the given wire protocol. */
  toolStep(protocol: Protocol, tool: string, params: Record<string, string>, result: string): this {
    const callId = `call_${this.seq}`;
    if (protocol === 'native') {
      this.add({ kind: 'assistant', role: 'assistant', content: `Using ${tool}.`, toolCalls: [{ id: callId, name: tool, arguments: JSON.stringify(params) }] });
      this.add({ kind: 'toolResult', role: 'tool', toolCallId: callId, toolName: tool, content: `[success] ${result}` });
    } else {
      const xml = `<${tool}>\n${Object.entries(params).map(([k, v]) => `<${k}>${v}</${k}>`).join('\n')}\n</${tool}>`;
      this.add({ kind: 'assistant', role: 'assistant', content: `<thinking>Next: ${tool}.</thinking>\n${xml}` });
      this.add({ kind: 'toolResult', role: 'user', toolName: tool, content: `<tool_result tool="${tool}" status="success">\n${result}\n</tool_result>` });
    }
    return this;
  }

  answer(content: string, usage?: TokenUsage): this {
    this.add({ kind: 'assistant', role: 'assistant', content, usage });
    return this;
  }

  summary(content: string): this {
    this.add({ kind: 'summary', role: 'system', content, summaryOf: { fromTime: 0, toTime: this.time, messageCount: 7 } });
    return this;
  }

  /** A whole round: the user asks, the agent makes `steps` tool calls, then answers. */
  round(protocol: Protocol, label: string, steps: number, usage?: TokenUsage): this {
    this.user(`Task ${label}: please fix src/${label}.ts`);
    for (let s = 0; s < steps; s++) {
      if (s % 2 === 0) this.toolStep(protocol, 'Read', { path: `src/${label}.ts` }, `     1\texport const ${label} = ${s};`);
      else this.toolStep(protocol, 'Edit', { path: `src/${label}.ts`, old_string: `${s - 1}`, new_string: `${s}` }, `Edited src/${label}.ts lines 1-1`);
    }
    return this.answer(`Done with ${label}.`, usage);
  }
}

/** Round boundaries as the tests expect them: every `user` message opens one. */
export function userIndexes(messages: readonly HistoryMessage[]): number[] {
  return messages.flatMap((m, i) => (m.kind === 'user' ? [i] : []));
}

/** Every native tool call in `messages` is answered in `messages`, and every tool result answers a call there. */
export function nativePairsIntact(messages: readonly HistoryMessage[]): boolean {
  const calls = new Set(messages.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
  const results = new Set(messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId));
  return calls.size === results.size && [...calls].every((id) => results.has(id));
}

/** Deterministic pseudo-random numbers, so property tests reproduce. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** In both protocols a result directly follows the assistant step that called it (as HistoryBuilder writes them). */
export function resultsFollowTheirCalls(messages: readonly HistoryMessage[]): boolean {
  return messages.every((m, i) => m.kind !== 'toolResult' || messages[i - 1]?.kind === 'assistant');
}
