import type { FileType, WorkspaceFs } from '../ports/workspaceFs';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { ToolFailure } from '../tools/toolResults';

export type PathLookup =
  | { status: 'found'; path: string; kind: FileType }
  | { status: 'missing' }
  | { status: 'outside' };

/** What a user-typed path names: an existing file or folder inside the workspace (symbolic links resolved), or why not. */
export async function lookUpWorkspacePath(fs: WorkspaceFs, input: string): Promise<PathLookup> {
  let path: string;
  try {
    path = await resolveWorkspacePath(fs, input);
  } catch (error) {
    if (error instanceof ToolFailure && error.code === 'outside_workspace') return { status: 'outside' };
    return { status: 'missing' };
  }
  const stat = await fs.stat(path).catch(() => undefined);
  return stat ? { status: 'found', path, kind: stat.type } : { status: 'missing' };
}
