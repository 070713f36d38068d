import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { projectFolderOf, projectSlug } from '../../../src/core/memory/projectSlug';
import { memoryStoreAt } from '../../../src/node/memoryFolders';
import { NodeGitCli } from '../../../src/node/nodeGitCli';

/** Spec §21 + §19: a worktree's conversation shares its repository's project memory. */
describe('the project memory\'s folder', function () {
  this.timeout(20000);
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-repo-')));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('is named after the main worktree: the repository, a folder in it and its worktrees share one memory', async () => {
    const repo = path.join(dir, 'repo');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    await fsp.mkdir(path.join(repo, 'pkg'), { recursive: true });
    git('init', '-q');
    await fsp.writeFile(path.join(repo, 'pkg', 'a.txt'), 'a');
    git('add', '.');
    git('commit', '-qm', 'first');
    git('worktree', 'add', '-q', '-b', 'codeagent/x', path.join(dir, 'wt'));
    const cli = new NodeGitCli();
    assert.equal(await projectFolderOf(cli, repo), repo);
    assert.equal(await projectFolderOf(cli, path.join(repo, 'pkg')), repo);
    assert.equal(await projectFolderOf(cli, path.join(dir, 'wt')), repo);
    assert.equal(await projectFolderOf(cli, dir), dir, 'outside a repository: the folder itself');
    const home = path.join(dir, 'home');
    await memoryStoreAt(repo, home).write('project', 'MEMORY.md', '- shared');
    assert.equal(await memoryStoreAt(path.join(dir, 'wt'), home).read('project', 'MEMORY.md'), '- shared');
  });

  it('slugs a path into one folder name, long paths kept apart by a hash', () => {
    assert.equal(projectSlug('/home/me/src/app'), '-home-me-src-app');
    assert.equal(projectSlug('C:\\Users\\me\\app'), 'C--Users-me-app');
    const a = projectSlug(`/x/${'a'.repeat(200)}/one`);
    const b = projectSlug(`/x/${'a'.repeat(200)}/two`);
    assert.equal(a.length, 100);
    assert.notEqual(a, b);
  });
});
