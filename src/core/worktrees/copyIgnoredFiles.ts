import type { GitCli } from '../ports/git';
import type { LocalFiles } from '../ports/localFiles';
import { secretFileReason } from '../tools/secretFiles';
import { gitBytes, nulFields } from './gitCommands';
import type { WorktreeRecord } from './worktreeRecord';

export interface CopiedFiles {
  copied: string[];
  /** Files that may hold secrets (spec §4) the user did not allow to be copied. */
  skippedSecrets: string[];
  failed: { path: string; message: string }[];
}

/** At most this many files are copied, whatever the globs match. */
export const maxCopiedFiles = 2000;

/**
 * Spec §19 `worktree.copyFiles`: the user's ignored files matching the globs (`.env.local`, `config/*.local.json`)
 * copied into a new worktree, which git does not give it. A file that may hold secrets (spec §4) is copied only
 * when `allowSecrets` says yes for the list of them (asked once).
 */
export async function copyIgnoredFiles(options: {
  git: GitCli;
  files: LocalFiles;
  worktree: WorktreeRecord;
  globs: readonly string[];
  allowSecrets: (paths: readonly string[]) => Promise<boolean>;
}): Promise<CopiedFiles> {
  const { git, files, worktree } = options;
  const result: CopiedFiles = { copied: [], skippedSecrets: [], failed: [] };
  const patterns = options.globs.map((glob) => glob.trim()).filter(Boolean).map((glob) => `:(glob)${glob.replace(/^\/+/, '')}`);
  if (patterns.length === 0) return result;
  const listed = nulFields(await gitBytes(git, worktree.repoRoot, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...patterns]));
  const paths = [...new Set(listed)].filter((path) => !path.split('/').includes('..')).slice(0, maxCopiedFiles);
  const secrets = paths.filter((path) => secretFileReason(path) !== undefined);
  const allowed = secrets.length === 0 || (await options.allowSecrets(secrets));
  if (!allowed) result.skippedSecrets.push(...secrets);
  const root = worktree.repoRoot.replace(/[\\/]+$/, '');
  for (const path of paths) {
    if (!allowed && secrets.includes(path)) continue;
    try {
      await files.copyFile(`${root}/${path}`, `${worktree.path}/${path}`);
      result.copied.push(path);
    } catch (error) {
      result.failed.push({ path, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
