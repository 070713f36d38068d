/**
 * Files by absolute path, as bytes, for what happens outside a conversation's workspace (spec §19: a worktree
 * created, its ignored files copied, its changes applied to the user's tree, scratch files for a merge).
 * Implemented with node:fs in src/node/nodeLocalFiles.ts. Paths use `/` (accepted on Windows too).
 */
export interface LocalFiles {
  /** undefined when nothing (or a directory) is there; a symbolic link is followed. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /** Creates missing parent folders; atomic (temp file + rename). `executable` sets the mode's x bits. */
  writeBytes(path: string, bytes: Uint8Array, options?: { executable?: boolean }): Promise<void>;
  /** Whether anything (a file, a folder, a link) is at `path`. */
  exists(path: string): Promise<boolean>;
  /** Whether the file's mode has an x bit (false on Windows and for a missing file). */
  isExecutable(path: string): Promise<boolean>;
  /**
   * Copies a file, creating missing parent folders; its mode and modification time are kept (a copy of a git index
   * must keep its time: git trusts an entry's cached stat only when the index was written after the file changed).
   */
  copyFile(from: string, to: string): Promise<void>;
  /** Removes a file or a whole folder; nothing there is fine. */
  remove(path: string): Promise<void>;
  /** A new empty folder for temporary files, under the system's temp folder. */
  makeTempDir(prefix: string): Promise<string>;
}
