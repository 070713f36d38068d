import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { BashData } from '../../../../src/core/tools/bashTool';
import { sandboxHarness, sandboxMissing, SandboxPlace } from './sandboxKit';

// Spec §18 with §19: a worktree conversation's sandboxed commands write in its worktree, never in the user's folder.
describe('Bash in the sandbox of a worktree conversation (real bubblewrap)', function () {
  this.timeout(30_000);
  let place: SandboxPlace;
  let worktree: string;

  before(async function () {
    const missing = await sandboxMissing();
    if (missing) {
      console.log(`    (skipped: ${missing}; install bubblewrap and socat to run these)`);
      this.skip();
    }
  });
  beforeEach(async () => {
    place = await SandboxPlace.create();
    worktree = path.join(place.base, 'worktree');
    await fsp.mkdir(path.join(worktree, '.vscode'), { recursive: true });
  });
  afterEach(() => place.cleanup());

  it('writes in the worktree run unasked; the user\'s folder and the worktree\'s protected files are blocked', async () => {
    const h = sandboxHarness(place, { root: worktree });
    const result = await h.bash({ command: `echo mine > made.txt; echo theirs > ${place.ws}/user.txt; echo '{}' > .vscode/settings.json` });
    assert.deepEqual(h.asked, [], 'nothing was asked');
    assert.equal((result.data as BashData).sandboxed, true);
    assert.equal(await fsp.readFile(path.join(worktree, 'made.txt'), 'utf8'), 'mine\n');
    assert.ok(!existsSync(path.join(place.ws, 'user.txt')), 'the user\'s working tree is untouched');
    assert.ok(!existsSync(path.join(worktree, '.vscode', 'settings.json')), 'the worktree\'s .vscode stays protected');
    assert.match(result.text, /The sandbox blocked this command/);
  });

  it('the home folder as a conversation\'s root is never sandboxed as a workspace: the command asks', async () => {
    const h = sandboxHarness(place, { root: place.home });
    h.decide = () => ({ decision: 'rejected' });
    const result = await h.bash({ command: 'echo x > x.txt' });
    assert.equal(h.asked.length, 1, 'asked once the sandbox refused the root');
    assert.equal(result.status, 'error');
    assert.ok(!existsSync(path.join(place.home, 'x.txt')));
  });
});
