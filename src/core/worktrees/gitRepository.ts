import type { GitCli } from '../ports/git';
import { gitBytes, gitText, nulFields } from './gitCommands';

/** Why a folder cannot have a worktree conversation (spec §19: the command says why). */
export type RepositoryProblem = 'noFolder' | 'gitMissing' | 'notRepository' | 'noCommits';

export type RepositoryCheck = { ok: true; root: string; head: string; prefix: string } | { ok: false; problem: RepositoryProblem; detail?: string };

/** The repository `folder` is in: its working tree's root and the commit HEAD names. */
export async function checkRepository(git: GitCli, folder: string | undefined): Promise<RepositoryCheck> {
  if (!folder) return { ok: false, problem: 'noFolder' };
  let top;
  try {
    top = await git.run(folder, ['rev-parse', '--show-toplevel']);
  } catch (error) {
    return { ok: false, problem: 'gitMissing', detail: error instanceof Error ? error.message : String(error) };
  }
  if (top.exitCode !== 0) return { ok: false, problem: 'notRepository', detail: top.stderr.trim() };
  const root = new TextDecoder().decode(top.stdout).trim();
  // The folder's place in the repository ('' at its root; `packages/app/` for a folder inside it).
  const prefix = new TextDecoder().decode((await git.run(folder, ['rev-parse', '--show-prefix'])).stdout).trim().replace(/\/+$/, '');
  const head = await git.run(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.exitCode !== 0) return { ok: false, problem: 'noCommits' };
  return { ok: true, root, prefix, head: new TextDecoder().decode(head.stdout).trim() };
}

/**
 * Whether the working tree has changes HEAD lacks: staged, unstaged or untracked (not ignored). Read without
 * the optional index refresh, so asking writes nothing of the user's repository.
 */
export async function hasUncommittedChanges(git: GitCli, root: string): Promise<boolean> {
  return nulFields(await gitBytes(git, root, ['--no-optional-locks', 'status', '--porcelain', '-z', '--untracked-files=normal'])).length > 0;
}

/** Whether the local branch exists. */
export async function branchExists(git: GitCli, root: string, branch: string): Promise<boolean> {
  return (await git.run(root, ['show-ref', '--verify', '--quiet', `refs/heads/${branch}`])).exitCode === 0;
}

/** The worktrees git knows of in `root`'s repository, by path (as git prints them). */
export async function listedWorktrees(git: GitCli, root: string): Promise<string[]> {
  const out = await gitText(git, root, ['worktree', 'list', '--porcelain']);
  return out.split('\n').filter((line) => line.startsWith('worktree ')).map((line) => line.slice('worktree '.length));
}
