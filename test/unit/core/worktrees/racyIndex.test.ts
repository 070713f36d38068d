import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { gitIn } from '../../../support/gitRepos';
import { applyTo, newWorktree, useRepoWithStorage } from './worktreeKit';

// Git trusts an index entry's cached stat (size, mtime to the second) unless the index file is no newer than the
// entry: then the entry is "racily clean" and git compares contents. An edit of the same size in the second the
// worktree was checked out is only seen that way, so the snapshot's copy of the index must keep the index's time.
describe('applyWorktree: an edit made in the second the worktree was checked out', function () {
  this.timeout(20_000);
  const t = useRepoWithStorage({ 'src/a.ts': 'export const a = 1;\n' });

  it('is applied, however long after that the snapshot copies the index', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    // Only size and mtime then decide, as on a machine where both writes fall in the same second of ctime too.
    gitIn(worktree.path, 'config', 'core.trustctime', 'false');
    const file = path.join(worktree.path, 'src/a.ts');
    // The checkout, as if it was written a minute ago, and the index's stat of the file recorded then.
    const checkedOut = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await fsp.utimes(file, checkedOut, checkedOut);
    gitIn(worktree.path, 'update-index', '--refresh');
    // The agent's edit in that same second: same size, same mtime to the second.
    await fsp.writeFile(file, 'export const a = 3;\n');
    await fsp.utimes(file, checkedOut, checkedOut);
    // And the index written in that second too, which is what tells git to compare the contents.
    const index = gitIn(worktree.path, 'rev-parse', '--path-format=absolute', '--git-path', 'index').trim();
    await fsp.utimes(index, checkedOut, checkedOut);

    const outcome = await applyTo(worktree);
    assert.deepEqual(outcome.conflicts, []);
    assert.deepEqual(outcome.applied.map((f) => f.path), ['src/a.ts']);
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 3;\n');
  });
});
