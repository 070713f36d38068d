import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { gitIn } from '../../../support/gitRepos';
import { applyTo, newWorktree, useRepoWithStorage } from './worktreeKit';

const png = (seed: number) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, seed, 0xff, 0x00, seed]);

describe('applyWorktree (spec §19 Apply to workspace)', function () {
  this.timeout(20_000);
  const t = useRepoWithStorage({
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\n',
    'old.txt': 'to be deleted\n',
    'logo.png': png(1),
  });

  it('brings committed, uncommitted and untracked changes as unstaged changes; the user\'s index and HEAD are untouched', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'src/a.ts': 'export const a = 2;\n' }, worktree.path);
    t.repo.commitAll('agent commit', worktree.path);
    await t.repo.write({ 'src/b.ts': 'line 1\nline 2 changed\nline 3\nline 4\nline 5\nline 6\nline 7\n', 'src/new.ts': 'export const fresh = true;\n' }, worktree.path);
    gitIn(worktree.path, 'rm', '-q', 'old.txt');
    // The user staged something of their own: it stays staged, exactly.
    await t.repo.write({ 'staged.txt': 'staged by the user\n' });
    t.repo.git('add', 'staged.txt');
    const head = t.repo.git('rev-parse', 'HEAD');
    const index = t.repo.indexState();

    const outcome = await applyTo(worktree);

    assert.deepEqual(outcome.conflicts, []);
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.applied.map((f) => `${f.kind} ${f.path}`).sort(), ['created src/new.ts', 'deleted old.txt', 'modified src/a.ts', 'modified src/b.ts']);
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 2;\n');
    assert.equal(await t.repo.read('src/new.ts'), 'export const fresh = true;\n');
    assert.equal(existsSync(path.join(t.repo.root, 'old.txt')), false);
    assert.equal(t.repo.indexState(), index, 'the index is exactly as before');
    assert.equal(t.repo.git('rev-parse', 'HEAD'), head);
    assert.deepEqual(t.repo.status().split('\n').filter(Boolean).sort(), [' D old.txt', ' M src/a.ts', ' M src/b.ts', '?? src/new.ts', 'A  staged.txt']);
    const a = outcome.applied.find((f) => f.path === 'src/a.ts')!;
    assert.equal(a.before, 'export const a = 1;\n');
    assert.equal(a.after, 'export const a = 2;\n');
  });

  it('merges a file both changed in different places; applying again changes nothing', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'src/b.ts': 'line 1\nline 2 by the agent\nline 3\nline 4\nline 5\nline 6\nline 7\n' }, worktree.path);
    await t.repo.write({ 'src/b.ts': 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6 by the user\nline 7\n' });
    const first = await applyTo(worktree);
    assert.deepEqual(first.conflicts, []);
    assert.equal(await t.repo.read('src/b.ts'), 'line 1\nline 2 by the agent\nline 3\nline 4\nline 5\nline 6 by the user\nline 7\n');
    const again = await applyTo(worktree);
    assert.deepEqual(again.applied, []);
    assert.deepEqual(again.unchanged, ['src/b.ts']);
  });

  it('a conflict keeps both sides in conflict markers and is listed with the worktree\'s diff', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'src/a.ts': 'export const a = "agent";\n' }, worktree.path);
    await t.repo.write({ 'src/a.ts': 'export const a = "user";\n' });
    const outcome = await applyTo(worktree);
    assert.deepEqual(outcome.conflicts.map((c) => [c.path, c.reason]), [['src/a.ts', 'content']]);
    assert.match(outcome.conflicts[0]!.diff!, /-export const a = 1;\n\+export const a = "agent";/);
    const text = await t.repo.read('src/a.ts');
    assert.match(text, /^<<<<<<< workspace\nexport const a = "user";\n=======\nexport const a = "agent";\n>>>>>>> codeagent\//);
    assert.equal(outcome.applied.find((f) => f.path === 'src/a.ts')?.conflict, true);
    assert.equal(outcome.applied.find((f) => f.path === 'src/a.ts')?.before, 'export const a = "user";\n', 'the user\'s version is recorded for Revert');
    assert.equal(await t.repo.read('src/a.ts', worktree.path), 'export const a = "agent";\n', 'the worktree keeps its version');
    // Applied again before the user resolved it: reported again, the markers not nested.
    const again = await applyTo(worktree);
    assert.deepEqual(again.conflicts.map((c) => c.path), ['src/a.ts']);
    assert.equal(await t.repo.read('src/a.ts'), text);
  });

  it('binary files: a new or changed one is copied byte for byte; one both changed is left as the user has it and reported', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'logo.png': png(2), 'assets/new.png': png(3) }, worktree.path);
    const clean = await applyTo(worktree);
    assert.deepEqual(clean.conflicts, []);
    assert.deepEqual(Uint8Array.from(readFileSync(path.join(t.repo.root, 'logo.png'))), png(2));
    assert.deepEqual(Uint8Array.from(readFileSync(path.join(t.repo.root, 'assets/new.png'))), png(3));
    assert.deepEqual(clean.applied.map((f) => [f.path, f.binary]).sort(), [['assets/new.png', true], ['logo.png', true]]);

    const other = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'logo.png': png(4) }, other.path);
    const conflict = await applyTo(other);
    assert.deepEqual(conflict.conflicts.map((c) => [c.path, c.reason, c.diff]), [['logo.png', 'binary', undefined]]);
    assert.deepEqual(Uint8Array.from(readFileSync(path.join(t.repo.root, 'logo.png'))), png(2), 'the user\'s bytes are kept');
    assert.deepEqual(Uint8Array.from(readFileSync(path.join(other.path, 'logo.png'))), png(4), 'and the worktree\'s');
  });

  it('a file deleted on one side and changed on the other is reported and left as the user has it', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    gitIn(worktree.path, 'rm', '-q', 'old.txt');
    await t.repo.write({ 'src/a.ts': 'export const a = 3;\n' }, worktree.path);
    await t.repo.write({ 'old.txt': 'the user kept working on it\n' });
    t.repo.git('rm', '-q', '--cached', 'src/a.ts');
    await fsp.rm(path.join(t.repo.root, 'src/a.ts'));
    const index = t.repo.indexState();
    const outcome = await applyTo(worktree);
    assert.deepEqual(outcome.conflicts.map((c) => [c.path, c.reason]).sort(), [['old.txt', 'deletedInWorktree'], ['src/a.ts', 'deletedInWorkspace']]);
    assert.equal(await t.repo.read('old.txt'), 'the user kept working on it\n');
    assert.equal(existsSync(path.join(t.repo.root, 'src/a.ts')), false);
    assert.equal(t.repo.indexState(), index);
  });

  it('keeps a new script executable', async function () {
    if (process.platform === 'win32') this.skip();
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'run.sh': '#!/bin/sh\necho hi\n' }, worktree.path);
    await fsp.chmod(path.join(worktree.path, 'run.sh'), 0o755);
    const outcome = await applyTo(worktree);
    assert.deepEqual(outcome.applied.map((f) => f.path), ['run.sh']);
    assert.ok((statSync(path.join(t.repo.root, 'run.sh')).mode & 0o111) !== 0);
  });
});
