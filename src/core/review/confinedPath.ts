import type { WorkspaceFs } from '../ports/workspaceFs';
import { resolveWorkspacePath } from '../tools/pathConfinement';

/**
 * A stored path, checked again before it is written or deleted: conversations are files on disk,
 * and a workspace symbolic link may have changed since. undefined when it leads outside.
 */
export async function confinedPath(fs: WorkspaceFs, path: string): Promise<string | undefined> {
  try {
    const resolved = await resolveWorkspacePath(fs, path);
    return resolved === '.' ? undefined : resolved;
  } catch {
    return undefined;
  }
}
