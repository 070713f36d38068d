import { strict as assert } from 'node:assert';
import type { ParserEvent } from '../../../../src/core/parser/parserEvents';
import { XmlStreamParser } from '../../../../src/core/parser/xmlStreamParser';

export const TEST_TOOLS = {
  Read: ['path', 'offset', 'limit'],
  Write: ['path', 'content'],
  Edit: ['path', 'old_string', 'new_string', 'replace_all'],
  Bash: ['command', 'timeout'],
  AttemptCompletion: ['result'],
} as const;

export function newParser(): XmlStreamParser {
  return new XmlStreamParser({ tools: TEST_TOOLS });
}

export interface NormalizedCall {
  callId: string;
  name: string;
  params: Record<string, string>;
  complete: boolean;
  raw: string;
  ignoredParams?: string[];
}

/** What a consumer ends up with, independent of how the deltas were cut. */
export interface NormalizedResult {
  text: string;
  thinking: string;
  calls: NormalizedCall[];
}

/** Feeds the chunks, then end(); returns all events in order. */
export function parseChunks(chunks: readonly string[], parser = newParser()): ParserEvent[] {
  const events: ParserEvent[] = [];
  for (const chunk of chunks) events.push(...parser.feed(chunk));
  events.push(...parser.end());
  return events;
}

/**
 * Concatenates deltas and checks the invariants every event stream must keep: start before deltas before end,
 * and deltas that add up to the final value (not for an incomplete native call, whose invalid JSON yields no params).
 */
export function normalize(events: readonly ParserEvent[], { incompleteCallsMatchDeltas = true } = {}): NormalizedResult {
  let text = '';
  let thinking = '';
  const calls: NormalizedCall[] = [];
  const open = new Map<string, { name: string; deltas: Record<string, string> }>();
  for (const event of events) {
    switch (event.type) {
      case 'text':
        assert.notEqual(event.delta, '', 'empty text delta');
        text += event.delta;
        break;
      case 'thinking':
        assert.notEqual(event.delta, '', 'empty thinking delta');
        thinking += event.delta;
        break;
      case 'toolCallStart':
        assert.ok(!open.has(event.callId), `call ${event.callId} started twice`);
        open.set(event.callId, { name: event.name, deltas: {} });
        break;
      case 'toolParamDelta': {
        const call = open.get(event.callId);
        assert.ok(call, `param delta for a call that is not open: ${event.callId}`);
        assert.equal(event.name, call.name);
        assert.notEqual(event.delta, '', 'empty param delta');
        call.deltas[event.param] = (call.deltas[event.param] ?? '') + event.delta;
        break;
      }
      case 'toolCallEnd': {
        const call = open.get(event.callId);
        assert.ok(call, `end of a call that was never started: ${event.callId}`);
        assert.equal(event.name, call.name);
        if (event.complete || incompleteCallsMatchDeltas) {
          for (const [param, streamed] of Object.entries(call.deltas)) {
            assert.equal(streamed, event.params[param], `streamed deltas of ${param} differ from its final value`);
          }
        }
        open.delete(event.callId);
        const { callId, name, params, complete, raw, ignoredParams } = event;
        calls.push({ callId, name, params, complete, raw, ...(ignoredParams ? { ignoredParams } : {}) });
        break;
      }
    }
  }
  assert.equal(open.size, 0, 'a call was started but never ended');
  return { text, thinking, calls };
}

export function parseWhole(message: string): NormalizedResult {
  return normalize(parseChunks([message]));
}

/** Deterministic PRNG (mulberry32) so a failing fuzz case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function cutAt(message: string, cuts: readonly number[]): string[] {
  const sorted = [...new Set(cuts)].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of sorted) {
    pieces.push(message.slice(from, cut));
    from = cut;
  }
  pieces.push(message.slice(from));
  return pieces;
}
