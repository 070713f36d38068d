import type { GitCli } from '../ports/git';
import { listedWorktrees } from '../worktrees/gitRepository';

const maxSlugLength = 100;

/**
 * Spec §21 + §19: the folder a project's memory is named after: the repository's main worktree (git lists it first),
 * so every worktree of the repository shares one memory; outside a repository, the folder itself.
 */
export async function projectFolderOf(git: GitCli, folder: string): Promise<string> {
  try {
    return (await listedWorktrees(git, folder))[0] ?? folder;
  } catch {
    return folder;
  }
}

/** `~/.codeagent/projects/<slug>/`: the path with every other character than letters, digits, `_` and `-` as `-`. */
export function projectSlug(folder: string): string {
  const slug = folder.replace(/\\/g, '/').replace(/\/+$/, '').replace(/[^A-Za-z0-9_-]/g, '-');
  if (slug.length <= maxSlugLength) return slug;
  // Two long paths that share their start stay apart: the tail and a hash of the whole path.
  return `${slug.slice(0, maxSlugLength - 9)}-${hash(folder)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
