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

  it('a tool call streams into one card that the result updates', () => {
    const p = new TranscriptProjector('c0');
    p.apply({ type: 'toolCall', turnId: 't', callId: 'x1', name: 'Read', params: { path: 'src/a' }, partial: true });
    const update = p.apply({ type: 'toolCall', turnId: 't', callId: 'x1', name: 'Read', params: { path: 'src/a.ts' }, partial: false });
    assert.equal(update[0]!.type, 'entryUpdated');
    p.apply({ type: 'toolResult', turnId: 't', callId: 'x1', name: 'Read', status: 'success', summary: 'Read 3 lines' });
    assert.deepEqual(p.entries.map((e) => [e.kind, e.meta?.status]), [['tool-call', 'success'], ['tool-result', 'success']]);
    assert.equal(p.entries[0]!.text, 'path: src/a.ts');
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
