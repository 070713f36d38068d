import { strict as assert } from 'node:assert';
import { TranscriptProjector } from '../../../src/vscode/transcriptProjector';
import { HostMessage } from '../../../src/protocol/messages';

describe('TranscriptProjector', () => {
  it('turns a streamed turn into entries and minimal patches that the protocol accepts', () => {
    const p = new TranscriptProjector('c0');
    const patches = [
      ...p.apply({ type: 'turnStarted', turnId: 't1', userText: 'hi' }),
      ...p.apply({ type: 'thinking', turnId: 't1', delta: 'hmm' }),
      ...p.apply({ type: 'text', turnId: 't1', delta: 'Hel' }),
      ...p.apply({ type: 'text', turnId: 't1', delta: 'lo' }),
      ...p.apply({ type: 'retry', turnId: 't1', attempt: 1, maxRetries: 3, delayMs: 2000, reason: '429' }),
      ...p.apply({ type: 'text', turnId: 't1', delta: '!' }),
      ...p.apply({ type: 'turnEnded', turnId: 't1', reason: 'answered' }),
    ];
    for (const patch of patches) assert.ok(HostMessage.safeParse(patch).success, JSON.stringify(patch));
    assert.deepEqual(patches.map((x) => x.type), ['entryAdded', 'entryAdded', 'entryAdded', 'entryAppended', 'entryAdded', 'entryAppended']);
    assert.deepEqual(p.entries.map((e) => [e.kind, e.text]), [
      ['user', 'hi'], ['thinking', 'hmm'], ['assistant', 'Hello!'], ['error', 'Retry 1/3 in 2 s: 429'],
    ]);
  });

  it('a refusal streams into its own assistant entry marked refusal, apart from ordinary text', () => {
    const p = new TranscriptProjector('c0');
    const patches = [
      ...p.apply({ type: 'turnStarted', turnId: 't1', userText: 'hi' }),
      ...p.apply({ type: 'text', turnId: 't1', delta: 'Well. ' }),
      ...p.apply({ type: 'text', turnId: 't1', delta: "I'm sorry", refusal: true }),
      ...p.apply({ type: 'text', turnId: 't1', delta: ', no.', refusal: true }),
    ];
    for (const patch of patches) assert.ok(HostMessage.safeParse(patch).success, JSON.stringify(patch));
    assert.deepEqual(p.entries.map((e) => [e.kind, e.text, e.meta?.refusal]), [
      ['user', 'hi', undefined], ['assistant', 'Well. ', undefined], ['assistant', "I'm sorry, no.", true],
    ]);
  });

  it('a tool call streams into one card that the result updates', () => {
    const p = new TranscriptProjector('c0');
    p.apply({ type: 'toolCall', turnId: 't', callId: 'x1', name: 'Read', params: { path: 'src/a' }, partial: true });
    const update = p.apply({ type: 'toolCall', turnId: 't', callId: 'x1', name: 'Read', params: { path: 'src/a.ts' }, partial: false });
    assert.equal(update[0]!.type, 'entryUpdated');
    const result = p.apply({ type: 'toolResult', turnId: 't', callId: 'x1', name: 'Read', status: 'success', summary: 'Read 3 lines' });
    assert.deepEqual(result.map((m) => m.type), ['entryUpdated'], 'the result updates the card; no separate row');
    assert.deepEqual(p.entries.map((e) => [e.kind, e.meta?.status, e.meta?.result]), [['tool-call', 'done', 'Read 3 lines']]);
    assert.equal(p.entries[0]!.text, 'path: src/a.ts');
    assert.ok(typeof p.entries[0]!.meta?.startedAt === 'number' && typeof p.entries[0]!.meta?.endedAt === 'number', 'the card knows how long the call ran');
  });

  it('a command waits for approval in its card, streams its output there, and ends with its exit code', () => {
    const p = new TranscriptProjector('c0');
    p.apply({ type: 'toolCall', turnId: 't', callId: 'b1', name: 'Bash', params: { command: 'make' }, partial: false });
    p.apply({ type: 'approval', turnId: 't', callId: 'b1', phase: 'request', tool: 'Bash', detail: '$ make' });
    assert.equal(p.entries[0]!.meta?.status, 'awaiting');
    p.apply({ type: 'approval', turnId: 't', callId: 'b1', phase: 'decision', tool: 'Bash', detail: '$ make', decision: 'accepted' });
    assert.equal(p.entries[0]!.meta?.status, 'running');
    const output = p.apply({ type: 'toolOutput', turnId: 't', callId: 'b1', tail: 'compiling…' });
    assert.deepEqual(output.map((m) => m.type), ['entryUpdated']);
    assert.equal(p.entries[0]!.meta?.output, 'compiling…');
    p.apply({ type: 'toolResult', turnId: 't', callId: 'b1', name: 'Bash', status: 'error', summary: 'Exit code: 2', detail: { exitCode: 2, outputTail: 'make: *** Error 2' } });
    assert.equal(p.entries[0]!.meta?.status, 'error');
    assert.deepEqual(p.entries[0]!.meta?.detail, { exitCode: 2, outputTail: 'make: *** Error 2' });
    assert.equal(p.entries[0]!.meta?.output, undefined, 'the live output gives way to the result');
    assert.deepEqual(p.apply({ type: 'toolOutput', turnId: 't', callId: 'b1', tail: 'late' }), [], 'output after the end is dropped');
    assert.deepEqual(p.entries.map((e) => e.kind), ['tool-call', 'approval']);
  });

  it('a rejected approval ends the card rejected, and a call left unfinished by the turn ends cancelled', () => {
    const p = new TranscriptProjector('c0');
    p.apply({ type: 'toolCall', turnId: 't', callId: 'e1', name: 'Edit', params: { path: 'a.ts' }, partial: false });
    p.apply({ type: 'approval', turnId: 't', callId: 'e1', phase: 'request', tool: 'Edit', detail: '-a\n+b' });
    p.apply({ type: 'approval', turnId: 't', callId: 'e1', phase: 'decision', tool: 'Edit', detail: '-a\n+b', decision: 'rejected' });
    assert.equal(p.entries[0]!.meta?.status, 'rejected');
    p.apply({ type: 'toolCall', turnId: 't', callId: 'w1', name: 'Write', params: { path: 'b.ts' }, partial: true });
    const end = p.apply({ type: 'turnEnded', turnId: 't', reason: 'cancelled' });
    assert.equal(p.entries.find((e) => e.id === 'call-w1')?.meta?.status, 'cancelled');
    assert.equal(p.entries.find((e) => e.id === 'call-e1')?.meta?.status, 'rejected', 'a finished card keeps its status');
    assert.deepEqual(end.map((m) => m.type), ['entryUpdated', 'entryAdded']);
  });

  it('an edit asked whatever the settings carries its reason to the card, through the decision', () => {
    const p = new TranscriptProjector('c0');
    const reason = 'This file configures CodeAgent or runs code when the workspace opens (.git/config …); it is always asked, even with edits auto-approved.';
    p.apply({ type: 'approval', turnId: 't', callId: 'p1', phase: 'request', tool: 'Write', detail: '+x', reason });
    assert.equal(p.entries.find((e) => e.kind === 'approval')?.meta?.reason, reason);
    p.apply({ type: 'approval', turnId: 't', callId: 'p1', phase: 'decision', tool: 'Write', detail: '+x', reason, decision: 'accepted' });
    assert.equal(p.entries.find((e) => e.kind === 'approval')?.meta?.reason, reason);
    p.apply({ type: 'approval', turnId: 't', callId: 'o1', phase: 'request', tool: 'Write', detail: '+y' });
    assert.equal('reason' in (p.entries.find((e) => e.id === 'approval-o1')?.meta ?? {}), false, 'an ordinary edit has none');
  });

  it('folds the result rows of a conversation saved by an earlier version into their cards', () => {
    const p = new TranscriptProjector('c1', [
      { id: 'call-x1', kind: 'tool-call', text: 'path: a.ts', meta: { name: 'Read', status: 'success', callId: 'x1', params: { path: 'a.ts' } } },
      { id: 'c0-3', kind: 'tool-result', text: 'a.ts: lines 1-2 of 2', meta: { name: 'Read', status: 'success', callId: 'x1' } },
      { id: 'c0-4', kind: 'tool-result', text: 'orphan', meta: { name: 'LS', status: 'success', callId: 'gone' } },
    ]);
    assert.deepEqual(p.entries.map((e) => [e.kind, e.meta?.result]), [['tool-call', 'a.ts: lines 1-2 of 2'], ['tool-result', undefined]]);
  });

  it('accumulates usage and cost across calls, and marks a cancelled turn', () => {
    const p = new TranscriptProjector('c0');
    p.apply({ type: 'tokenUsage', turnId: 't', usage: { inputTokens: 10, outputTokens: 5 }, cost: 0.5 });
    p.apply({ type: 'tokenUsage', turnId: 't', usage: { inputTokens: 20, outputTokens: 1 }, cost: 0.25 });
    p.apply({ type: 'contextWindow', usedTokens: 21, windowTokens: 100 });
    assert.deepEqual(p.usageSummary, { inputTokens: 30, outputTokens: 6, cost: 0.75, contextUsed: 21, contextWindow: 100 });
    p.apply({ type: 'turnEnded', turnId: 't', reason: 'cancelled' });
    assert.equal(p.entries.at(-1)!.text, 'Stopped by the user.');
  });
});
