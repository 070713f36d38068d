import type { GitCli } from '../ports/git';
import type { LocalFiles } from '../ports/localFiles';
import { GitFailure } from './gitCommands';
import type { WorktreeRecord } from './worktreeRecord';

/**
 * Spec §19 `Discard worktree` (asked first, by the caller): the worktree's folder and its branch are removed. A
 * folder already gone (deleted behind the conversation's back) is pruned from git's list instead.
 */
export async function discardWorktree(git: GitCli, files: LocalFiles, worktree: WorktreeRecord): Promise<void> {
  const root = worktree.repoRoot;
  if (await files.exists(worktree.path)) {
    const removed = await git.run(root, ['worktree', 'remove', '--force', '--force', worktree.path]);
    // A folder git no longer knows as a worktree is just a folder of ours.
    if (removed.exitCode !== 0) await files.remove(worktree.path);
  }
  await git.run(root, ['worktree', 'prune']);
  const branch = await git.run(root, ['branch', '-D', worktree.branch]);
  if (branch.exitCode !== 0 && !/not found/i.test(branch.stderr)) throw new GitFailure(['branch', '-D', worktree.branch], branch.exitCode, branch.stderr);
}

/** Whether the worktree is still there for its conversation (spec §19: one deleted behind its back is reported). */
export async function worktreeState(files: LocalFiles, worktree: WorktreeRecord): Promise<'ready' | 'missing'> {
  // A linked worktree's `.git` is a file naming its repository: without it the folder is no worktree.
  return (await files.exists(`${worktree.path}/.git`)) ? 'ready' : 'missing';
}
