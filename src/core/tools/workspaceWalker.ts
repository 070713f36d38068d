import type { WorkspaceFs } from '../ports/workspaceFs';
import type { GitignoreRules } from './gitignoreRules';
import { joinPath } from './pathConfinement';
import { throwIfCancelled } from './toolResults';

export interface WalkEntry {
  /** Workspace-relative. */
  path: string;
  type: 'file' | 'directory' | 'symlink';
  /** 1 for the start directory's children. */
  depth: number;
}

export interface WalkOptions {
  rules: GitignoreRules;
  maxDepth?: number;
  signal?: AbortSignal;
}

/**
 * Depth-first walk below `start` in name order, leaving out ignored entries (and `.git`).
 * Symbolic links are reported but never followed: no cycles, no escape from the workspace.
 */
export async function* walkWorkspace(fs: WorkspaceFs, start: string, options: WalkOptions): AsyncGenerator<WalkEntry> {
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  async function* visit(dir: string, depth: number): AsyncGenerator<WalkEntry> {
    if (options.signal) throwIfCancelled(options.signal);
    const entries = await fs.readDir(dir).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.type === 'other') continue;
      const path = joinPath(dir, entry.name);
      if (await options.rules.matches(path, entry.type === 'directory')) continue;
      yield { path, type: entry.type, depth };
      if (entry.type === 'directory' && depth < maxDepth) yield* visit(path, depth + 1);
    }
  }
  yield* visit(start, 1);
}
