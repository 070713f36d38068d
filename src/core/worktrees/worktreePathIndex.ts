import type { Clock } from '../ports/clock';
import type { GitCli } from '../ports/git';
import { rankPathSuggestions, withFolders, type PathSuggestion } from '../mentions/fileSuggestions';
import { gitBytes, nulFields } from './gitCommands';

const maxFiles = 20_000;
const freshMs = 5000;

/**
 * `@` completion in a worktree conversation (spec §19): the worktree's files — tracked and untracked, not ignored —
 * listed by git, kept for a few seconds, relative to the conversation's root.
 */
export class WorktreePathIndex {
  private readonly lists = new Map<string, { at: number; paths: Promise<PathSuggestion[]> }>();

  constructor(private readonly git: GitCli, private readonly clock: Pick<Clock, 'now'>) {}

  async suggest(root: string, query: string): Promise<PathSuggestion[]> {
    let list = this.lists.get(root);
    if (!list || this.clock.now() - list.at > freshMs) {
      list = { at: this.clock.now(), paths: this.list(root) };
      this.lists.set(root, list);
    }
    return rankPathSuggestions(await list.paths, query);
  }

  private async list(root: string): Promise<PathSuggestion[]> {
    try {
      const files = nulFields(await gitBytes(this.git, root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']));
      return withFolders([...new Set(files)].slice(0, maxFiles).sort());
    } catch {
      return [];
    }
  }
}
