import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { ChangeRecorder, type RecordedChange } from '../../../../src/core/review/changeRecorder';
import { revertChange } from '../../../../src/core/review/revertChange';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

describe('revertChange', () => {
  let ws: TempWorkspace;
  let fs: NodeWorkspaceFs;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/a.ts': 'after\r\n', 'src/new.ts': 'created\n', 'other.ts': 'untouched\n' });
    fs = new NodeWorkspaceFs(ws.root);
  });
  afterEach(() => ws.cleanup());

  /** The net change of a turn, as the recorder keeps it. */
  function change(path: string, before: string | undefined, after: string | undefined): RecordedChange {
    const recorder = new ChangeRecorder('t');
    recorder.record({ path, before, after });
    return recorder.changes[0]!;
  }

  it('writes back the content a modified file had before the turn, byte for byte', async () => {
    const outcome = await revertChange(fs, change('src/a.ts', '\uFEFFbefore\r\n', 'after\r\n'));
    assert.deepEqual(outcome, { path: 'src/a.ts', reverted: true, action: 'restored' });
    assert.equal(await ws.read('src/a.ts'), '\uFEFFbefore\r\n');
  });

  it('deletes a file the turn created', async () => {
    const outcome = await revertChange(fs, change('src/new.ts', undefined, 'created\n'));
    assert.deepEqual(outcome, { path: 'src/new.ts', reverted: true, action: 'deleted' });
    assert.equal(await ws.exists('src/new.ts'), false);
    assert.equal(await ws.read('src/a.ts'), 'after\r\n');
  });

  it('recreates a file the turn deleted, parents included', async () => {
    const outcome = await revertChange(fs, change('gone/deep/g.ts', 'was here\n', undefined));
    assert.deepEqual(outcome, { path: 'gone/deep/g.ts', reverted: true, action: 'restored' });
    assert.equal(await ws.read('gone/deep/g.ts'), 'was here\n');
  });

  it('refuses, touching nothing, when the file changed on disk since the agent\'s change', async () => {
    await ws.touchExternally('src/a.ts', 'someone else\r\n');
    const outcome = await revertChange(fs, change('src/a.ts', 'before\r\n', 'after\r\n'));
    assert.deepEqual(outcome, {
      path: 'src/a.ts', reverted: false,
      message: "src/a.ts changed on disk since the agent's change; not reverted (reload it and decide).",
    });
    assert.equal(await ws.read('src/a.ts'), 'someone else\r\n');
  });

  it('refuses when only the line endings changed on disk', async () => {
    await ws.write('src/a.ts', 'after\n');
    const outcome = await revertChange(fs, change('src/a.ts', 'before\r\n', 'after\r\n'));
    assert.equal(outcome.reverted, false);
    assert.equal(await ws.read('src/a.ts'), 'after\n');
  });

  it('refuses to delete a created file that was edited since, or to recreate a deleted one that came back', async () => {
    await ws.write('src/new.ts', 'created\nand edited\n');
    assert.equal((await revertChange(fs, change('src/new.ts', undefined, 'created\n'))).reverted, false);
    assert.equal(await ws.read('src/new.ts'), 'created\nand edited\n');

    await ws.write('back.ts', 'new content\n');
    assert.equal((await revertChange(fs, change('back.ts', 'old\n', undefined))).reverted, false);
    assert.equal(await ws.read('back.ts'), 'new content\n');
  });

  it('refuses when a directory now stands where the file was', async () => {
    await fsp.rm(ws.abs('src/new.ts'));
    await fsp.mkdir(ws.abs('src/new.ts'));
    assert.equal((await revertChange(fs, change('src/new.ts', undefined, 'created\n'))).reverted, false);
    assert.equal((await fsp.stat(ws.abs('src/new.ts'))).isDirectory(), true);
  });

  it('never follows a stored path out of the workspace, by .. or by a symbolic link', async () => {
    const outsideDir = await fsp.mkdtemp(`${ws.root}-outside-`);
    await fsp.writeFile(path.join(outsideDir, 'x.txt'), 'theirs\n');
    await fsp.symlink(outsideDir, ws.abs('linked'));
    try {
      for (const stored of ['linked/x.txt', `../${path.basename(outsideDir)}/x.txt`]) {
        const outcome = await revertChange(fs, change(stored, 'mine\n', 'theirs\n'));
        assert.deepEqual(outcome, { path: stored, reverted: false, message: `${stored} is outside the workspace; not reverted.` });
      }
      assert.equal(await fsp.readFile(path.join(outsideDir, 'x.txt'), 'utf8'), 'theirs\n');
    } finally {
      await fsp.rm(outsideDir, { recursive: true, force: true });
    }
  });
});
