import type { GitCli } from '../ports/git';
import { GitFailure } from './gitCommands';
import { branchExists, checkRepository, hasUncommittedChanges, type RepositoryProblem } from './gitRepository';
import { branchOf, repositoryKey, shortName } from './worktreeNames';
import type { WorktreeRecord } from './worktreeRecord';

export interface CreateWorktreeOptions {
  git: GitCli;
  /** The user's workspace folder. */
  folder: string | undefined;
  /** Where worktrees live (the extension's global storage), outside every working tree. */
  storageDir: string;
  /** Words for the short name (may be empty). */
  seed: string;
  /** A fresh random suffix per attempt. */
  suffix: () => string;
  now: () => number;
}

export type CreatedWorktree = { ok: true; worktree: WorktreeRecord } | { ok: false; problem: RepositoryProblem | 'failed'; detail?: string };

const attempts = 5;

/**
 * Spec §19: a branch `codeagent/<short-name>` from HEAD and a git worktree for it under `storageDir`. Nothing of
 * the user's working tree or index changes; uncommitted changes stay there (the record says they existed).
 */
export async function createWorktree(options: CreateWorktreeOptions): Promise<CreatedWorktree> {
  const { git } = options;
  const repository = await checkRepository(git, options.folder);
  if (!repository.ok) return repository;
  const { root, head, prefix } = repository;
  const dirty = await hasUncommittedChanges(git, root);
  let lastError = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    const short = shortName(options.seed, options.suffix());
    const branch = branchOf(short);
    if (await branchExists(git, root, branch)) continue;
    const path = `${options.storageDir.replace(/[\\/]+$/, '')}/${repositoryKey(root)}/${short}`;
    const added = await git.run(root, ['worktree', 'add', '-b', branch, path, head]);
    if (added.exitCode === 0) {
      const worktree: WorktreeRecord = { path, branch, base: head, repoRoot: root, createdAt: options.now() };
      if (prefix) worktree.subfolder = prefix;
      if (dirty) worktree.startedWithoutUncommitted = true;
      return { ok: true, worktree };
    }
    lastError = new GitFailure(['worktree', 'add'], added.exitCode, added.stderr).message;
  }
  return { ok: false, problem: 'failed', detail: lastError || 'no free branch name' };
}
