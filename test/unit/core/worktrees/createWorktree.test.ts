import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { createWorktree } from '../../../../src/core/worktrees/createWorktree';
import { discardWorktree, worktreeState } from '../../../../src/core/worktrees/discardWorktree';
import { conversationRoot } from '../../../../src/core/worktrees/worktreeRecord';
import { shortName } from '../../../../src/core/worktrees/worktreeNames';
import { TempRepo, tempDir } from '../../../support/gitRepos';
import { applyTo, files, git, newWorktree, useRepoWithStorage } from './worktreeKit';

describe('createWorktree (spec §19)', function () {
  this.timeout(20_000);
  const t = useRepoWithStorage();

  it('makes a branch codeagent/<short-name> from HEAD and a worktree under the storage folder; the user\'s tree stays clean', async () => {
    const head = t.repo.git('rev-parse', 'HEAD').trim();
    const worktree = await newWorktree(t.repo, t.storage, 'Fix the login form, please!');
    assert.match(worktree.branch, /^codeagent\/fix-the-login-form-s\d+$/);
    assert.equal(worktree.base, head);
    assert.equal(worktree.repoRoot, t.repo.root);
    assert.ok(worktree.path.startsWith(`${t.storage}/`), worktree.path);
    assert.ok(!path.relative(t.repo.root, worktree.path).split(path.sep).every((part) => part !== '..'), 'the worktree is outside the user\'s tree');
    assert.equal(await t.repo.read('src/a.ts', worktree.path), 'export const a = 1;\n');
    assert.equal(t.repo.status(), '', 'git status of the user\'s tree is clean');
    assert.equal(t.repo.git('rev-parse', worktree.branch).trim(), head);
    assert.equal(worktree.startedWithoutUncommitted, undefined);
    assert.equal(conversationRoot(worktree), worktree.path);
  });

  it('says when the user\'s uncommitted changes stay behind: the worktree starts from HEAD', async () => {
    await t.repo.write({ 'src/a.ts': 'export const a = 2;\n', 'notes.txt': 'mine\n' });
    const worktree = await newWorktree(t.repo, t.storage);
    assert.equal(worktree.startedWithoutUncommitted, true);
    assert.equal(await t.repo.read('src/a.ts', worktree.path), 'export const a = 1;\n');
    assert.equal(existsSync(path.join(worktree.path, 'notes.txt')), false);
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 2;\n', 'the user\'s change is where it was');
  });

  it('takes another name when the branch exists', async () => {
    t.repo.git('branch', 'codeagent/chat-taken');
    const names = ['taken', 'free'];
    const created = await createWorktree({ git, folder: t.repo.root, storageDir: t.storage, seed: '', suffix: () => names.shift()!, now: () => 1 });
    assert.ok(created.ok);
    assert.equal(created.worktree.branch, 'codeagent/chat-free');
  });

  it('works from a folder inside the repository: the conversation\'s root is that folder of the worktree', async () => {
    await t.repo.write({ 'packages/app/index.ts': 'x\n' });
    t.repo.commitAll('app');
    const worktree = await newWorktree(t.repo, t.storage, 'app', `${t.repo.root}/packages/app`);
    assert.equal(worktree.subfolder, 'packages/app');
    assert.equal(conversationRoot(worktree), `${worktree.path}/packages/app`);
    assert.ok(existsSync(path.join(conversationRoot(worktree), 'index.ts')));
  });

  it('outside a git repository, or before the first commit, says why instead', async () => {
    const plain = await tempDir('codeagent-plain-');
    const empty = await TempRepo.create();
    try {
      assert.deepEqual(await createWorktree({ git, folder: plain, storageDir: t.storage, seed: '', suffix: () => 'x', now: () => 1 }).then((r) => !r.ok && r.problem), 'notRepository');
      assert.deepEqual(await createWorktree({ git, folder: empty.root, storageDir: t.storage, seed: '', suffix: () => 'x', now: () => 1 }).then((r) => !r.ok && r.problem), 'noCommits');
      assert.deepEqual(await createWorktree({ git, folder: undefined, storageDir: t.storage, seed: '', suffix: () => 'x', now: () => 1 }).then((r) => !r.ok && r.problem), 'noFolder');
    } finally {
      await empty.cleanup(plain);
    }
  });

  it('Discard removes the worktree and its branch; a folder deleted behind its back is reported missing and still discarded', async () => {
    const first = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'new.txt': 'unsaved work\n' }, first.path);
    assert.equal(await worktreeState(files, first), 'ready');
    await discardWorktree(git, files, first);
    assert.equal(existsSync(first.path), false);
    assert.equal(t.repo.git('branch', '--list', first.branch), '');
    assert.doesNotMatch(t.repo.git('worktree', 'list'), /\[codeagent\//);

    const second = await newWorktree(t.repo, t.storage);
    await files.remove(second.path);
    assert.equal(await worktreeState(files, second), 'missing');
    await discardWorktree(git, files, second);
    assert.equal(t.repo.git('branch', '--list', second.branch), '');
    assert.doesNotMatch(t.repo.git('worktree', 'list'), /\[codeagent\//);
    assert.equal(t.repo.status(), '');
  });

  it('short names are branch- and folder-safe', () => {
    assert.equal(shortName('  Ünïcode & spaces / slashes..  ', 'AB#1'), 'unicode-spaces-slashes-ab1');
    assert.equal(shortName('', ''), 'chat-0');
    assert.ok(shortName('a'.repeat(80), 'z').length <= 32);
  });
});

describe('git as CodeAgent runs it (spec §19)', function () {
  this.timeout(20_000);
  const t = useRepoWithStorage();

  it('runs no program a repository\'s own configuration names: no hook on worktree add, no fsmonitor', async () => {
    const marker = path.join(t.storage, 'hook-ran');
    const hooks = path.join(t.repo.root, '.git', 'hooks');
    await fsp.mkdir(hooks, { recursive: true });
    await fsp.writeFile(path.join(hooks, 'post-checkout'), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    t.repo.git('config', 'core.fsmonitor', `touch '${marker}-fsmonitor'; false`);
    const worktree = await newWorktree(t.repo, t.storage);
    await t.repo.write({ 'src/a.ts': 'changed\n' }, worktree.path);
    await applyTo(worktree);
    assert.equal(existsSync(marker), false, 'the post-checkout hook did not run');
    assert.equal(existsSync(`${marker}-fsmonitor`), false, 'the fsmonitor did not run');
  });
});
