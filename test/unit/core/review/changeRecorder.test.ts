import { strict as assert } from 'node:assert';
import { ChangeRecorder, mergeChange, TurnChanges } from '../../../../src/core/review/changeRecorder';
import { lineCounts } from '../../../../src/core/tools/lineCounts';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { makeHarness, TempWorkspace } from '../tools/toolTestKit';

describe('ChangeRecorder', () => {
  it('records created, modified and deleted files with +/− line counts and both contents', () => {
    const recorder = new ChangeRecorder('t1');
    recorder.record({ path: 'new.ts', before: undefined, after: 'a\nb\n' });
    recorder.record({ path: 'mod.ts', before: 'a\nb\nc\n', after: 'a\nB\nc\nd\n' });
    recorder.record({ path: 'gone.ts', before: 'x\ny\nz\n', after: undefined });
    assert.deepEqual(recorder.changes, [
      { path: 'new.ts', kind: 'created', added: 2, removed: 0, after: 'a\nb\n' },
      { path: 'mod.ts', kind: 'modified', added: 2, removed: 1, before: 'a\nb\nc\n', after: 'a\nB\nc\nd\n' },
      { path: 'gone.ts', kind: 'deleted', added: 0, removed: 3, before: 'x\ny\nz\n' },
    ]);
  });

  it('merges several changes of one file into one row: first before, last after, counts of the net change', () => {
    const recorder = new ChangeRecorder('t1');
    recorder.record({ path: 'a.ts', before: 'one\n', after: 'two\n' });
    recorder.record({ path: 'b.ts', before: 'b\n', after: 'bb\n' });
    recorder.record({ path: 'a.ts', before: 'two\n', after: 'one\nthree\n' });
    assert.deepEqual(recorder.changes.map((c) => c.path), ['a.ts', 'b.ts'], 'rows stay where the file was first changed');
    assert.deepEqual(recorder.changes[0], { path: 'a.ts', kind: 'modified', added: 1, removed: 0, before: 'one\n', after: 'one\nthree\n' });
  });

  it('keeps a created-then-modified file created, and drops a created-then-deleted one', () => {
    const recorder = new ChangeRecorder('t1');
    recorder.record({ path: 'c.ts', before: undefined, after: 'v1\n' });
    recorder.record({ path: 'c.ts', before: 'v1\n', after: 'v2\nmore\n' });
    assert.deepEqual(recorder.changes, [{ path: 'c.ts', kind: 'created', added: 2, removed: 0, after: 'v2\nmore\n' }]);
    recorder.record({ path: 'c.ts', before: 'v2\nmore\n', after: undefined });
    assert.deepEqual(recorder.changes, []);
    assert.equal(recorder.toTurnChanges(), undefined, 'a turn with no net change has no change list');
  });

  it('drops a file edited back to what it was, and makes a deleted-then-recreated file modified', () => {
    let rows = mergeChange([], { path: 'a', before: 'x\n', after: 'y\n' });
    rows = mergeChange(rows, { path: 'a', before: 'y\n', after: 'x\n' });
    assert.deepEqual(rows, []);
    rows = mergeChange([], { path: 'b', before: 'x\n', after: undefined });
    rows = mergeChange(rows, { path: 'b', before: undefined, after: 'z\n' });
    assert.deepEqual(rows, [{ path: 'b', kind: 'modified', added: 1, removed: 1, before: 'x\n', after: 'z\n' }]);
  });

  it('counts lines without a final newline and CRLF lines', () => {
    assert.deepEqual(lineCounts('a\r\nb\r\n', 'a\r\nb\r\nc\r\n'), { added: 1, removed: 0 });
    assert.deepEqual(lineCounts(undefined, 'a\nb'), { added: 2, removed: 0 });
    assert.deepEqual(lineCounts('a\nb', undefined), { added: 0, removed: 2 });
    assert.deepEqual(lineCounts('same\n', 'same\n'), { added: 0, removed: 0 });
  });

  it('round-trips its change list through JSON and the TurnChanges schema', () => {
    const recorder = new ChangeRecorder('turn-7');
    recorder.record({ path: 'n.ts', before: undefined, after: 'n\n' });
    recorder.record({ path: 'd.ts', before: 'd\n', after: undefined });
    const stored = JSON.parse(JSON.stringify(recorder.toTurnChanges()));
    assert.deepEqual(TurnChanges.parse(stored), recorder.toTurnChanges());
    assert.equal(TurnChanges.safeParse({ turnId: 't', changes: [{ path: 'x', kind: 'renamed', added: 0, removed: 0 }] }).success, false);
  });

  it('takes the changes the edit tools report', async () => {
    const ws = await TempWorkspace.create({ 'a.txt': 'one\ntwo\n' });
    try {
      const h = makeHarness(ws);
      const recorder = new ChangeRecorder('t1');
      h.ctx.onFileChanged = (change) => recorder.record(change);
      const registry = createDefaultToolRegistry();
      await registry.invoke('Read', { path: 'a.txt' }, h.ctx);
      await registry.invoke('Edit', { path: 'a.txt', old_string: 'two', new_string: 'TWO' }, h.ctx);
      await registry.invoke('Edit', { path: 'a.txt', old_string: 'one', new_string: 'ONE' }, h.ctx);
      await registry.invoke('Write', { path: 'b.txt', content: 'b\n' }, h.ctx);
      assert.deepEqual(recorder.changes, [
        { path: 'a.txt', kind: 'modified', added: 2, removed: 2, before: 'one\ntwo\n', after: 'ONE\nTWO\n' },
        { path: 'b.txt', kind: 'created', added: 1, removed: 0, after: 'b\n' },
      ]);
    } finally {
      await ws.cleanup();
    }
  });
});
