import { strict as assert } from 'node:assert';
import { SimulatedFile } from './simulatedFile';

const base = () => Array.from({ length: 20 }, (_, i) => `line ${i}`);

describe('FileHunks: tracking the agent\'s hunks as the file changes (spec §15)', () => {
  it('an agent edit becomes one hunk holding what it replaced', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(5, 2, ['new a', 'new b', 'new c']);
    assert.deepEqual(file.hunks.hunks.map(({ start, end, original, agent, touched }) => ({ start, end, original, agent, touched })), [
      { start: 5, end: 8, original: ['line 5', 'line 6'], agent: ['new a', 'new b', 'new c'], touched: false },
    ]);
  });

  it('a pure deletion is a hunk of no lines before the line that followed it', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(3, 2, []);
    const [hunk] = file.hunks.hunks;
    assert.deepEqual([hunk!.start, hunk!.end, hunk!.original], [3, 3, ['line 3', 'line 4']]);
    assert.equal(file.undo(hunk!.id).ok, true);
    assert.deepEqual(file.lines, base());
  });

  it('edits above move a hunk, edits below leave it, an edit inside touches it', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(10, 1, ['agent']);
    file.userEdit({ startLine: 2, startCharacter: 0, endLine: 2, endCharacter: 0, text: 'typed\nmore\n' });
    assert.deepEqual([file.hunks.hunks[0]!.start, file.hunks.hunks[0]!.end], [12, 13]);
    file.userEdit({ startLine: 13, startCharacter: 0, endLine: 15, endCharacter: 0, text: '' });
    assert.deepEqual([file.hunks.hunks[0]!.start, file.hunks.hunks[0]!.end, file.hunks.hunks[0]!.touched], [12, 13, false]);
    // Enter at the end of the line above only moves it; typing on the hunk's line touches it.
    file.userEdit({ startLine: 11, startCharacter: 7, endLine: 11, endCharacter: 7, text: '\n' });
    assert.deepEqual([file.hunks.hunks[0]!.start, file.hunks.hunks[0]!.touched], [13, false]);
    file.userEdit({ startLine: 13, startCharacter: 2, endLine: 13, endCharacter: 2, text: 'U' });
    assert.equal(file.hunks.hunks[0]!.touched, true);
  });

  it('Undo reverts exactly its hunk after edits elsewhere, and refuses once its lines changed, losing nothing', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(2, 1, ['first']);
    file.agentReplace(15, 1, ['second']);
    const [first, second] = file.hunks.hunks;
    file.userEdit({ startLine: 8, startCharacter: 0, endLine: 8, endCharacter: 0, text: 'user line\n' });
    file.userEdit({ startLine: 2, startCharacter: 5, endLine: 2, endCharacter: 5, text: ' edited' });
    const refused = file.undo(first!.id);
    assert.equal(refused.ok, false);
    assert.match(refused.message!, /lines 3–3 of f\.ts were changed since the agent's edit/);
    assert.equal(file.lines[2], 'first edited');
    assert.equal(file.undo(second!.id).ok, true);
    assert.equal(file.lines[16], 'line 15');
    assert.equal(file.lines[8], 'user line');
    assert.equal(file.hunks.hunks.length, 1);
  });

  it('an agent edit next to a hunk merges with it; taking part of it back splits it; taking all back removes it', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(5, 1, ['A5']);
    file.agentReplace(6, 1, ['A6']);
    assert.deepEqual(file.hunks.hunks.map((h) => [h.start, h.end, h.original.join(',')]), [[5, 7, 'line 5,line 6']]);
    file.agentReplace(7, 1, ['A7']);
    file.agentReplace(6, 1, ['line 6']);
    assert.deepEqual(file.hunks.hunks.map((h) => [h.start, h.end, h.original.join(',')]), [[5, 6, 'line 5'], [7, 8, 'line 7']]);
    file.agentReplace(5, 3, ['line 5', 'line 6', 'line 7']);
    assert.deepEqual(file.hunks.hunks, []);
  });

  it('Keep removes the marks and leaves the text', () => {
    const file = new SimulatedFile(base());
    file.agentReplace(5, 1, ['A5']);
    assert.equal(file.hunks.keep(file.hunks.hunks[0]!.id), true);
    assert.deepEqual(file.hunks.hunks, []);
    assert.equal(file.lines[5], 'A5');
  });
});
