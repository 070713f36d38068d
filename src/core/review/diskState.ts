import type { WorkspaceFs } from '../ports/workspaceFs';

/** What a path holds right now; `other` (a directory) never equals anything the agent wrote. */
export type DiskState = { kind: 'missing' } | { kind: 'file'; content: string } | { kind: 'other' };

export async function readDiskState(fs: WorkspaceFs, path: string): Promise<DiskState> {
  const stat = await fs.stat(path);
  if (!stat) return { kind: 'missing' };
  if (stat.type !== 'file') return { kind: 'other' };
  return { kind: 'file', content: await fs.readFile(path) };
}

/** Whether the disk holds exactly `content` (undefined: no file). */
export function diskHolds(state: DiskState, content: string | undefined): boolean {
  if (content === undefined) return state.kind === 'missing';
  return state.kind === 'file' && state.content === content;
}
