import * as os from 'node:os';
import * as path from 'node:path';
import type { GitCli } from '../core/ports/git';
import type { MemoryStore } from '../core/ports/memoryStore';
import { projectFolderOf, projectSlug } from '../core/memory/projectSlug';
import { NodeGitCli } from './nodeGitCli';
import { NodeMemoryStore } from './nodeMemoryStore';

/**
 * Spec §21: the memory of a conversation rooted at `root` — `~/.codeagent/memory/` and
 * `~/.codeagent/projects/<slug of the repository's main worktree>/memory/` (a worktree's conversation shares it).
 */
export function memoryStoreAt(root: string, home = os.homedir(), git: GitCli = new NodeGitCli()): MemoryStore {
  let project: Promise<string> | undefined;
  return new NodeMemoryStore({
    user: path.join(home, '.codeagent', 'memory'),
    project: () => (project ??= projectFolderOf(git, root).then((folder) => path.join(home, '.codeagent', 'projects', projectSlug(folder), 'memory'))),
  });
}
