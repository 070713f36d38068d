import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentSession } from '../../../src/core/session/agentSession';
import type { AgentEvent } from '../../../src/core/events';
import { systemClock } from '../../../src/node/systemClock';
import type { ScriptedFault, ScriptedReply } from '../../fixtures/scriptedModel/types';
import { faultSession, sendRecorded } from './faultSessionKit';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';

/**
 * Every provider fault in every phase of a turn, through the real session, the real openai SDK and HTTP:
 * the turn always ends, the user sees a retry or an error, every tool call the model made is answered in
 * history, and a file written before the fault is still there.
 */
/**
 * The idle timeout where a stall is the fault: long enough that a loaded machine's slow first bytes never
 * reach it, so only the scripted stall does. Other faults keep the product's default, since a timeout
 * there would be a second fault the script does not expect.
 */
const STALL_MS = 2000;

interface FaultKind {
  name: string;
  /** The fault is a stall, which only the idle timeout ends. */
  stalls?: boolean;
  /** The fault on a request that fails before any byte of the reply. */
  atStart: ScriptedFault;
  /** The fault after `afterChars` characters of the reply (HTTP faults cannot happen mid-body: a drop comes first, the resume gets the HTTP fault). */
  midway: (afterChars: number) => ScriptedFault[];
}

const faults: FaultKind[] = [
  { name: '429 with Retry-After', atStart: { kind: 'http', status: 429, retryAfterSeconds: 2 }, midway: (afterChars) => [{ kind: 'drop', afterChars }, { kind: 'http', status: 429, retryAfterSeconds: 1 }] },
  { name: '500', atStart: { kind: 'http', status: 500, message: 'upstream exploded' }, midway: (afterChars) => [{ kind: 'drop', afterChars }, { kind: 'http', status: 500 }] },
  { name: 'a stall', stalls: true, atStart: { kind: 'stall', afterChars: 0 }, midway: (afterChars) => [{ kind: 'stall', afterChars }] },
  { name: 'a dropped connection', atStart: { kind: 'drop', afterChars: 0 }, midway: (afterChars) => [{ kind: 'drop', afterChars }] },
];

/** Replies that fail as `faulty` says, each a copy of `reply` (what a retry asks for again). */
function faulted(reply: ScriptedReply, chain: ScriptedFault[]): ScriptedReply[] {
  return chain.map((fault) => ({ ...reply, fault }));
}

describe('fault suite: provider faults in every phase of a turn', function () {
  this.timeout(20_000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# demo\n' });

  /** Sessions for the tests of `fault` (none: a fault that is not a stall). */
  const sessionsFor = (fault?: FaultKind) => (extra: { model?: Record<string, unknown>; context?: Record<string, unknown>; realClock?: boolean } = {}) =>
    faultSession(scripted.server, scripted.ws.root, {
      settings: { model: { maxRetries: 3, ...extra.model }, context: extra.context, approval: { autoApproveEdits: true } },
      idleTimeoutMs: fault?.stalls ? STALL_MS : undefined,
      // The summary deadline is a clock sleep too: with instant sleeps it would always fall back at once.
      clock: extra.realClock ? systemClock : undefined,
    });

  const send = sendRecorded;

  /** Every final tool call has its result, at the top level and inside children; history answers every call. */
  function assertConsistent(s: AgentSession, events: AgentEvent[]): void {
    const check = (list: AgentEvent[], where: string) => {
      const calls = list.filter((e): e is Extract<AgentEvent, { type: 'toolCall' }> => e.type === 'toolCall' && !e.partial).map((e) => e.callId);
      const results = new Set(list.filter((e) => e.type === 'toolResult').map((e) => (e as Extract<AgentEvent, { type: 'toolResult' }>).callId));
      for (const id of calls) assert.ok(results.has(id), `${where}: tool call ${id} has no result`);
    };
    check(events, 'turn');
    const children = new Map<string, AgentEvent[]>();
    for (const e of events) if (e.type === 'subagent') children.set(e.parentCallId, [...(children.get(e.parentCallId) ?? []), e.event]);
    for (const [id, list] of children) check(list, `child of ${id}`);
    const toolCallsInHistory = s.messages.flatMap((m) => m.toolCalls ?? []).map((c) => c.id);
    const answered = new Set(s.messages.filter((m) => m.kind === 'toolResult').map((m) => m.toolCallId));
    for (const id of toolCallsInHistory) assert.ok(answered.has(id), `history: native tool call ${id} unanswered`);
    const turnEnded = events.filter((e) => e.type === 'turnEnded');
    assert.equal(turnEnded.length, 1, 'the turn ended exactly once');
  }

  function sawTheFault(events: AgentEvent[]): boolean {
    const all = events.flatMap((e) => (e.type === 'subagent' ? [e, e.event] : [e]));
    return all.some((e) => e.type === 'retry' || e.type === 'error' || (e.type === 'compaction' && e.phase === 'fellBack'));
  }

  for (const fault of faults) {
    describe(fault.name, () => {
      const session = sessionsFor(fault);
      it('before the first token: retried, then answered', async () => {
        const answer = { text: 'All good.', chunkSize: 3 };
        scripted.server.enqueue(...faulted(answer, [fault.atStart]), answer);
        const s = session();
        const { events, end } = await send(s, 'hello');
        assert.equal(end, 'answered');
        assert.ok(sawTheFault(events), 'the user sees the retry');
        assert.equal(s.messages.at(-1)?.content, 'All good.');
        assertConsistent(s, events);
      });

      it('mid-text: resumed from what was received, the answer whole', async () => {
        const answer = { text: 'The first half, and the second half.', chunkSize: 4 };
        scripted.server.enqueue(...faulted(answer, fault.midway(16)), { text: answer.text.slice(16), chunkSize: 4 });
        const s = session();
        const { events, end } = await send(s, 'hello');
        assert.equal(end, 'answered');
        assert.ok(sawTheFault(events));
        assert.equal(s.messages.at(-1)?.content, answer.text);
        assertConsistent(s, events);
      });

      it('mid-tool-call (xml): the call completes once, runs once, and a file written before survives', async () => {
        const write = { text: 'Writing.\n<Write>\n<path>notes.md</path>\n<content>kept</content>\n</Write>', chunkSize: 5 };
        const edit = { text: 'Now the edit.\n<Edit>\n<path>src/a.ts</path>\n<old_string>a = 1</old_string>\n<new_string>a = 2</new_string>\n</Edit>', chunkSize: 5 };
        const cut = edit.text.indexOf('<old_string>') + 6;
        scripted.server.enqueue(
          { text: '<Read>\n<path>src/a.ts</path>\n</Read>' },
          write,
          ...faulted(edit, fault.midway(cut)),
          { text: edit.text.slice(cut), chunkSize: 5 },
          { text: 'Done.' },
        );
        const s = session();
        const { events, end } = await send(s, 'change it');
        assert.equal(end, 'answered');
        assert.ok(sawTheFault(events));
        assert.equal(fs.readFileSync(path.join(scripted.ws.root, 'notes.md'), 'utf8').trimEnd(), 'kept', 'the earlier write is not lost');
        assert.equal(fs.readFileSync(path.join(scripted.ws.root, 'src/a.ts'), 'utf8'), 'export const a = 2;\n', 'the edit ran exactly once');
        assert.equal(events.filter((e) => e.type === 'toolResult' && e.name === 'Edit').length, 1);
        assertConsistent(s, events);
      });

      it('mid-tool-call (native): arguments resumed or re-asked, the call answered once', async () => {
        const call = { toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"src/a.ts"}' }], finishReason: 'tool_calls' as const, chunkSize: 4 };
        scripted.server.enqueue(...faulted(call, fault.midway(8)), call, { text: 'Read it.' });
        const s = session({ model: { toolProtocol: 'native' } });
        const { events, end } = await send(s, 'read it');
        assert.equal(end, 'answered');
        assert.ok(sawTheFault(events));
        const results = events.filter((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult');
        assert.deepEqual(results.filter((e) => e.status === 'success').map((e) => e.name), ['Read'], 'the call ran once');
        // The card of the call cut off midway ends (cancelled) instead of spinning forever.
        const started = new Set(events.filter((e) => e.type === 'toolCall').map((e) => (e as Extract<AgentEvent, { type: 'toolCall' }>).callId));
        assert.equal(results.length, started.size, 'every card that started has an outcome');
        assertConsistent(s, events);
      });

      it('during the summary call: compaction retries or falls back, and the turn still runs', async () => {
        const big = { prompt_tokens: 1900, completion_tokens: 10 };
        scripted.server.enqueue({ text: 'one', usage: big }, { text: 'two', usage: big });
        // A summary deadline only a hang reaches: the retry after a stall plus its backoff took longer than a
        // short one on a loaded machine, and a fall-back hands the turn the summary's scripted reply.
        const s = session({ realClock: true, model: { contextWindow: 2000 }, context: { compactThreshold: 0.5, keepRecentRounds: 1, summaryTimeoutSeconds: 60 } });
        for (const text of ['first', 'second']) assert.equal((await send(s, text)).end, 'answered');
        // The third message compacts: its summary call fails first.
        const summary = { text: '## 📌 Archived Session Summary\nEarlier rounds.' };
        scripted.server.enqueue(...faulted(summary, [fault.atStart]), summary, { text: 'third answer' });
        const { events, end } = await send(s, 'third');
        assert.equal(end, 'answered');
        const compaction = events.filter((e) => e.type === 'compaction').map((e) => (e as Extract<AgentEvent, { type: 'compaction' }>).phase);
        assert.equal(compaction[0], 'started');
        assert.ok(compaction.includes('finished') || compaction.includes('fellBack'), `compaction ended: ${compaction.join(', ')}`);
        assert.ok(sawTheFault(events) || compaction.includes('finished'));
        assert.equal(s.messages.at(-1)?.content, 'third answer');
        assertConsistent(s, events);
      });

      it('inside a child agent: the child retries, its Task gets a result', async () => {
        const task = '<Task>\n<goal>Read src/a.ts and report what a is.</goal>\n</Task>';
        const childAnswer = { text: '<AttemptCompletion>\n<result>a is 1</result>\n</AttemptCompletion>', chunkSize: 6 };
        scripted.server.enqueue({ text: task }, ...faulted(childAnswer, [fault.atStart]), childAnswer, { text: 'The child says a is 1.' });
        const s = session();
        const { events, end } = await send(s, 'delegate');
        assert.equal(end, 'answered');
        assert.ok(sawTheFault(events), 'the child\'s retry is visible');
        const result = events.find((e) => e.type === 'toolResult' && e.name === 'Task') as Extract<AgentEvent, { type: 'toolResult' }> | undefined;
        assert.equal(result?.status, 'success');
        assertConsistent(s, events);
      });
    });
  }

  it('a fault that never ends: retries exhausted, a clear error, the history still consistent', async () => {
    const answer = { text: 'never' };
    scripted.server.enqueue(...faulted(answer, [{ kind: 'http', status: 500 }, { kind: 'http', status: 500 }, { kind: 'http', status: 500 }, { kind: 'http', status: 500 }]));
    const s = sessionsFor()();
    const { events, end } = await send(s, 'hello');
    assert.equal(end, 'error');
    const error = events.find((e) => e.type === 'error') as Extract<AgentEvent, { type: 'error' }>;
    assert.match(error.message, /500/);
    assert.equal(events.filter((e) => e.type === 'retry').length, 3);
    assertConsistent(s, events);
  });
});
