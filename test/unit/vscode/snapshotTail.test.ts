import * as assert from 'node:assert/strict';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { tailStart } from '../../../src/vscode/snapshotTail';
import { groupCount } from '../../../src/protocol/transcriptGroups';

function turns(count: number, answerChars: number): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (let i = 0; i < count; i++) {
    entries.push({ id: `u${i}`, kind: 'user', text: `q${i}`, turnId: `t${i}` });
    entries.push({ id: `call-${i}`, kind: 'tool-call', text: '', turnId: `t${i}`, meta: { callId: String(i) } });
    entries.push({ id: `approval-${i}`, kind: 'approval', text: '', turnId: `t${i}`, meta: { callId: String(i) } });
    entries.push({ id: `s${i}`, kind: 'assistant', text: 'x'.repeat(answerChars), turnId: `t${i}`, parent: `call-${i}` });
  }
  return entries;
}

describe('snapshot tail (spec §24)', () => {
  it('sends a short conversation whole', () => {
    assert.equal(tailStart(turns(5, 100)), 0);
    assert.equal(tailStart([]), 0);
  });

  it('sends the end of a long one, cut where a turn starts', () => {
    const entries = turns(200, 15_000);
    const cut = tailStart(entries);
    assert.ok(cut > 0 && cut < entries.length, String(cut));
    assert.equal(entries[cut]!.kind, 'user', 'a turn starts there: no call is split from its approval or its steps');
    const chars = entries.slice(cut).reduce((sum, e) => sum + e.text.length, 0);
    assert.ok(chars <= 120_000, `${chars} characters sent first`);
  });

  it('sends the last turn whole, however long', () => {
    const entries = turns(3, 10);
    entries.push({ id: 'huge', kind: 'assistant', text: 'y'.repeat(500_000), turnId: 't2' });
    assert.equal(tailStart(entries), 8, 'from the last turn\'s user entry');
  });

  it('counts the groups the panel makes of what it leaves out: a call with its approval and its steps is one', () => {
    assert.equal(groupCount(turns(10, 5)), 20);
    assert.equal(groupCount([{ id: 'approval-x', kind: 'approval', text: '', meta: { callId: 'x' } }]), 1, 'an approval without its card is shown on its own');
  });
});
