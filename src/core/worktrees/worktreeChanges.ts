import type { GitCli } from '../ports/git';
import type { LocalFiles } from '../ports/localFiles';
import { gitBytes, gitText, nulFields } from './gitCommands';

/** One path the worktree changed since its base, as `git diff-tree --raw` reports it. */
export interface ChangedEntry {
  path: string;
  /** '000000' when absent on that side. */
  baseMode: string;
  baseBlob: string;
  worktreeMode: string;
  worktreeBlob: string;
}

/**
 * The worktree's whole state as a tree object — HEAD (its commits), the index and the working files, untracked
 * ones included, ignored ones not — written through a temporary copy of its index: neither the worktree's own
 * index nor anything of the user's changes. The objects land in the repository's shared object store.
 */
export async function snapshotTree(git: GitCli, files: LocalFiles, worktreePath: string): Promise<string> {
  const scratch = await files.makeTempDir('codeagent-snapshot-');
  try {
    const index = `${scratch}/index`;
    const own = await gitText(git, worktreePath, ['rev-parse', '--path-format=absolute', '--git-path', 'index']);
    // The worktree's index carries its stat cache: only files changed since are hashed again.
    if (await files.exists(own)) await files.copyFile(own, index);
    const env = { GIT_INDEX_FILE: index };
    if (!(await files.exists(index))) await gitBytes(git, worktreePath, ['read-tree', 'HEAD'], { env });
    await gitBytes(git, worktreePath, ['add', '--all', '--', '.'], { env });
    return await gitText(git, worktreePath, ['write-tree'], { env });
  } finally {
    await files.remove(scratch);
  }
}

/** What differs between two tree-ish objects, renames seen as a deletion and an addition. */
export async function changedEntries(git: GitCli, cwd: string, from: string, to: string): Promise<ChangedEntry[]> {
  const fields = nulFields(await gitBytes(git, cwd, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', from, to]));
  const entries: ChangedEntry[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [baseMode, worktreeMode, baseBlob, worktreeBlob] = fields[i]!.replace(/^:/, '').split(' ');
    entries.push({ path: fields[i + 1]!, baseMode: baseMode!, worktreeMode: worktreeMode!, baseBlob: baseBlob!, worktreeBlob: worktreeBlob! });
  }
  return entries;
}

/** A blob's content as the working tree holds it (line endings and filters of `path` applied). */
export function blobContent(git: GitCli, cwd: string, blob: string, path: string): Promise<Uint8Array> {
  return gitBytes(git, cwd, ['cat-file', '--filters', `--path=${path}`, blob]);
}

export const absentMode = '000000';
export const isAbsent = (mode: string) => mode === absentMode;
/** Regular files (100644, 100755); symbolic links (120000) and submodules (160000) are not. */
export const isRegularFile = (mode: string) => mode === '100644' || mode === '100755';
