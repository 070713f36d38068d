/** Spec §21: which memory — the user's (every workspace) or this project's (shared by its worktrees). */
export type MemoryScope = 'user' | 'project';

export interface MemoryItem {
  /** Relative to the scope's folder, `/`-separated; a folder ends with `/`. */
  path: string;
  type: 'file' | 'directory';
  size: number;
}

/** Why the store refused a path: it leads out of the memory folder (a link), or what is there is not a plain file or folder. */
export class MemoryPathRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MemoryPathRefusal';
  }
}

/**
 * The two memory folders (spec §21), outside every repository: `~/.codeagent/memory/` and
 * `~/.codeagent/projects/<slug>/memory/`. Paths are relative to a scope's folder and already checked by
 * memory/memoryPaths (no `..`, no absolute path); the adapter resolves real paths and throws a MemoryPathRefusal
 * for anything whose real path leaves the folder. Implemented with node:fs in src/node/nodeMemoryStore.ts.
 */
export interface MemoryStore {
  /** The folder on disk, for the user's view (Open Memory). */
  folder(scope: MemoryScope): Promise<string>;
  /** undefined when nothing is there. */
  stat(scope: MemoryScope, path: string): Promise<{ type: 'file' | 'directory'; size: number } | undefined>;
  /** A file's text; undefined when there is no file. */
  read(scope: MemoryScope, path: string): Promise<string | undefined>;
  /** What a folder holds, up to `depth` levels, sorted; hidden entries left out. */
  list(scope: MemoryScope, path: string, depth: number): Promise<MemoryItem[]>;
  /** Creates missing parent folders; replaces the file atomically. */
  write(scope: MemoryScope, path: string, text: string): Promise<void>;
  /** A file or a whole folder. */
  remove(scope: MemoryScope, path: string): Promise<void>;
  /** Within one scope; creates the destination's parent folders. */
  rename(scope: MemoryScope, from: string, to: string): Promise<void>;
}
