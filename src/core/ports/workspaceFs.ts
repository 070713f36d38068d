/**
 * The workspace's files as the core sees them. Every path is workspace-relative with POSIX
 * separators ('.' is the root); confinement (pathConfinement.ts) runs before any of these.
 * Implemented with node:fs in src/node/nodeWorkspaceFs.ts.
 */

export type FileType = 'file' | 'directory';

export interface FileStat {
  type: FileType;
  size: number;
  mtimeMs: number;
}

export interface DirEntry {
  name: string;
  /** Symbolic links are reported as such, not followed, so walkers never loop or leave the workspace. */
  type: FileType | 'symlink' | 'other';
}

export interface WorkspaceFs {
  /** Absolute path of the workspace root, POSIX separators (`/home/me/project`, `C:/src/project`). */
  readonly root: string;
  /**
   * `rel` with every symbolic link resolved (for a path that does not exist yet, its longest
   * existing prefix), relative to the real workspace root. A result of '..', '../…' or an
   * absolute path means it lies outside the workspace.
   */
  realPath(rel: string): Promise<string>;
  /** Follows symbolic links; undefined when nothing is there. */
  stat(rel: string): Promise<FileStat | undefined>;
  /** UTF-8 text. Rejects with an error whose `code` is the errno name (ENOENT, EISDIR, EACCES…). */
  readFile(rel: string): Promise<string>;
  /** The bytes as they are (an image for Read); rejects like readFile. */
  readBytes(rel: string): Promise<Uint8Array>;
  /** Creates missing parent directories; atomic (temp file + rename) so a crash never leaves half a file. */
  writeFile(rel: string, content: string): Promise<void>;
  /** Removes a file (a symbolic link itself, not its target); nothing there is fine; a directory is refused (EISDIR). */
  deleteFile(rel: string): Promise<void>;
  readDir(rel: string): Promise<DirEntry[]>;
}
