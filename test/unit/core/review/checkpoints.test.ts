import { strict as assert } from 'node:assert';
import { Checkpoint, CheckpointLog } from '../../../../src/core/review/checkpoints';
import { planRestore, restoreCheckpoint } from '../../../../src/core/review/restoreCheckpoint';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { TodoItem } from '../../../../src/core/tools/todoStore';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { makeHarness, TempWorkspace } from '../tools/toolTestKit';

describe('checkpoints', () => {
  describe('CheckpointLog', () => {
    it('keeps the pre-image of the first change of each file per message, and what the agent last left', () => {
      const log = new CheckpointLog();
      log.begin('m1');
      log.record('m1', { path: 'a.ts', before: 'a0', after: 'a1' });
      log.record('m1', { path: 'a.ts', before: 'a1', after: 'a2' });
      log.record('m1', { path: 'n.ts', before: undefined, after: 'n1' });
      log.record('m1', { path: 'n.ts', before: 'n1', after: undefined });
      log.begin('m2');
      log.record('m2', { path: 'a.ts', before: 'a2', after: 'a3' });
      assert.deepEqual(log.toSnapshot(), [
        { messageId: 'm1', files: [
          { path: 'a.ts', existed: true, content: 'a0', existsAfter: true, after: 'a2' },
          { path: 'n.ts', existed: false, existsAfter: false },
        ] },
        { messageId: 'm2', files: [{ path: 'a.ts', existed: true, content: 'a2', existsAfter: true, after: 'a3' }] },
      ]);
    });

    it('gives the same copy of a checkpoint until it changes, so a save can tell what changed by identity', () => {
      const stored: Checkpoint = { messageId: 'm1', files: [{ path: 'a.ts', existed: true, content: 'a0', existsAfter: true, after: 'a1' }] };
      const log = new CheckpointLog([stored]);
      log.begin('m2');
      const first = log.toSnapshot();
      assert.equal(first[0], stored, 'a stored checkpoint is its own copy');
      assert.deepEqual(log.toSnapshot(), first);
      assert.ok(log.toSnapshot().every((c, i) => c === first[i]));
      log.record('m2', { path: 'b.ts', before: 'b0', after: 'b1' });
      const second = log.toSnapshot();
      assert.equal(second[0], first[0]);
      assert.notEqual(second[1], first[1]);
      assert.deepEqual(second[1]?.files.map((f) => f.path), ['b.ts']);
      log.begin('m1', { todos: [] });
      assert.notEqual(log.toSnapshot()[0], stored);
    });

    it('keeps messages in order even when their turn changed nothing, with the todos and plan of that moment', () => {
      const log = new CheckpointLog();
      const todos: TodoItem[] = [{ content: 'x', status: 'pending' }];
      log.begin('m1', { todos });
      log.begin('m2');
      log.record('m3', { path: 'a', before: undefined, after: '' });
      todos[0]!.status = 'completed';
      assert.deepEqual(log.toSnapshot().map((c) => c.messageId), ['m1', 'm2', 'm3']);
      assert.deepEqual(log.get('m1')?.state, { todos: [{ content: 'x', status: 'pending' }] }, 'a copy, not the live list');
    });

    it('survives JSON and the Checkpoint schema', () => {
      const log = new CheckpointLog();
      log.begin('m1', { todos: [], plan: { tasks: [{ id: 't1', description: 'd', dependencies: [], status: 'pending' }] } });
      log.record('m1', { path: 'a.ts', before: '\uFEFFa\r\n', after: undefined });
      const stored = JSON.parse(JSON.stringify(log.toSnapshot())) as unknown[];
      const parsed = stored.map((c) => Checkpoint.parse(c));
      assert.deepEqual(parsed, log.toSnapshot());
      assert.deepEqual(new CheckpointLog(parsed).toSnapshot(), log.toSnapshot());
      assert.equal(Checkpoint.safeParse({ messageId: 'm', files: [{ path: 'a', existed: 'yes', existsAfter: true }] }).success, false);
    });
  });

  describe('restore', () => {
    let ws: TempWorkspace;
    let fs: NodeWorkspaceFs;
    let log: CheckpointLog;
    /** The agent changes a file in a message's turn: the disk and the log, as the wiring will. */
    async function agentWrites(messageId: string, path: string, after: string | undefined): Promise<void> {
      const before = await fs.stat(path) ? await fs.readFile(path) : undefined;
      if (after === undefined) await fs.deleteFile(path);
      else await fs.writeFile(path, after);
      log.record(messageId, { path, before, after });
    }

    beforeEach(async () => {
      ws = await TempWorkspace.create({ 'a.ts': 'a0\r\n', 'b.ts': 'b0\n', 'del.ts': '\uFEFFd0\n', 'early.ts': 'e0\n', 'other.ts': 'o0\n' });
      fs = new NodeWorkspaceFs(ws.root);
      log = new CheckpointLog();
      log.begin('m0');
      await agentWrites('m0', 'early.ts', 'e1\n');
      log.begin('m1');
      await agentWrites('m1', 'a.ts', 'a1\r\n');
      await agentWrites('m1', 'src/new.ts', 'n1\n');
      await agentWrites('m1', 'del.ts', undefined);
      log.begin('quiet');
      log.begin('m2');
      await agentWrites('m2', 'a.ts', 'a2\r\n');
      await agentWrites('m2', 'b.ts', 'b1\n');
      await agentWrites('m2', 'src/new.ts', 'n2\n');
    });
    afterEach(() => ws.cleanup());

    async function disk(): Promise<Record<string, string | undefined>> {
      const files: Record<string, string | undefined> = {};
      for (const path of ['a.ts', 'b.ts', 'del.ts', 'early.ts', 'other.ts', 'src/new.ts']) files[path] = (await ws.exists(path)) ? await ws.read(path) : undefined;
      return files;
    }

    it('plans every file changed at or after the message, without touching anything', async () => {
      const before = await disk();
      const plan = await planRestore(fs, log.toSnapshot(), 'm1');
      assert.deepEqual(plan.toRestore, ['a.ts', 'del.ts', 'b.ts']);
      assert.deepEqual(plan.toDelete, ['src/new.ts']);
      assert.deepEqual(plan.changedOutside, []);
      assert.deepEqual(plan.steps.find((s) => s.path === 'a.ts'), { path: 'a.ts', action: 'write', content: 'a0\r\n', external: false });
      assert.deepEqual(await disk(), before);
    });

    it('restores files to their state at the message: rewrites, recreates deleted ones, deletes created ones', async () => {
      const result = await restoreCheckpoint(fs, log.toSnapshot(), 'm1');
      assert.deepEqual(result, { restored: ['a.ts', 'del.ts', 'b.ts'], deleted: ['src/new.ts'], keptExternal: [], failed: [] });
      assert.deepEqual(await disk(), {
        'a.ts': 'a0\r\n', 'b.ts': 'b0\n', 'del.ts': '\uFEFFd0\n',
        'early.ts': 'e1\n', // changed before the message: not part of this restore
        'other.ts': 'o0\n', 'src/new.ts': undefined,
      });
    });

    it('restores a later message to the state after the earlier turns', async () => {
      await restoreCheckpoint(fs, log.toSnapshot(), 'm2');
      assert.deepEqual(await disk(), { 'a.ts': 'a1\r\n', 'b.ts': 'b0\n', 'del.ts': undefined, 'early.ts': 'e1\n', 'other.ts': 'o0\n', 'src/new.ts': 'n1\n' });
    });

    it('a message whose turn changed nothing restores what the later turns changed', async () => {
      await restoreCheckpoint(fs, log.toSnapshot(), 'quiet');
      assert.deepEqual(await disk(), { 'a.ts': 'a1\r\n', 'b.ts': 'b0\n', 'del.ts': undefined, 'early.ts': 'e1\n', 'other.ts': 'o0\n', 'src/new.ts': 'n1\n' });
    });

    it('never touches a file outside what was snapshotted, even one changed outside CodeAgent', async () => {
      await ws.touchExternally('other.ts', 'o-external\n');
      await ws.write('untracked.ts', 'u\n');
      await restoreCheckpoint(fs, log.toSnapshot(), 'm0', { overwriteExternal: true });
      assert.equal(await ws.read('other.ts'), 'o-external\n');
      assert.equal(await ws.read('untracked.ts'), 'u\n');
      assert.equal(await ws.read('early.ts'), 'e0\n');
    });

    it('keeps files changed outside CodeAgent since the agent\'s last change, and lists them', async () => {
      await ws.touchExternally('b.ts', 'b-external\n');
      await ws.write('del.ts', 'recreated by the user\n');
      const plan = await planRestore(fs, log.toSnapshot(), 'm1');
      assert.deepEqual(plan.changedOutside, ['del.ts', 'b.ts']);
      assert.deepEqual(plan.toRestore, ['a.ts']);
      const result = await restoreCheckpoint(fs, log.toSnapshot(), 'm1');
      assert.deepEqual(result.keptExternal, ['del.ts', 'b.ts']);
      assert.equal(await ws.read('b.ts'), 'b-external\n');
      assert.equal(await ws.read('del.ts'), 'recreated by the user\n');
      assert.equal(await ws.read('a.ts'), 'a0\r\n');
      assert.equal(await ws.exists('src/new.ts'), false);
    });

    it('overwrites them too when told', async () => {
      await ws.touchExternally('b.ts', 'b-external\n');
      await ws.write('src/new.ts', 'n-external\n');
      const result = await restoreCheckpoint(fs, log.toSnapshot(), 'm1', { overwriteExternal: true });
      assert.deepEqual(result.keptExternal, []);
      assert.equal(await ws.read('b.ts'), 'b0\n');
      assert.equal(await ws.exists('src/new.ts'), false);
    });

    it('leaves alone a file that is already as it was at the message', async () => {
      await ws.write('b.ts', 'b0\n');
      await fs.deleteFile('src/new.ts');
      const plan = await planRestore(fs, log.toSnapshot(), 'm1');
      assert.deepEqual(plan.steps.map((s) => s.path), ['a.ts', 'del.ts']);
      assert.deepEqual(plan.changedOutside, []);
    });

    it('refuses a message it has no checkpoint for', async () => {
      await assert.rejects(planRestore(fs, log.toSnapshot(), 'unknown'), /No checkpoint was kept for message unknown/);
      await assert.rejects(restoreCheckpoint(fs, log.toSnapshot(), 'unknown'), /No checkpoint/);
    });
  });

  it('restores what the agent\'s own tools wrote in a turn', async () => {
    const ws = await TempWorkspace.create({ 'dos.txt': '\uFEFFone\r\ntwo\r\n' });
    try {
      const h = makeHarness(ws);
      const log = new CheckpointLog();
      log.begin('m1');
      h.ctx.onFileChanged = (change) => log.record('m1', change);
      const registry = createDefaultToolRegistry();
      await registry.invoke('Read', { path: 'dos.txt' }, h.ctx);
      await registry.invoke('Edit', { path: 'dos.txt', old_string: 'two', new_string: 'three' }, h.ctx);
      await registry.invoke('Write', { path: 'made/new.txt', content: 'new\n' }, h.ctx);
      const result = await restoreCheckpoint(h.ctx.fs, log.toSnapshot(), 'm1');
      assert.deepEqual(result, { restored: ['dos.txt'], deleted: ['made/new.txt'], keptExternal: [], failed: [] });
      assert.equal(await ws.read('dos.txt'), '\uFEFFone\r\ntwo\r\n');
      assert.equal(await ws.exists('made/new.txt'), false);
    } finally {
      await ws.cleanup();
    }
  });
});
