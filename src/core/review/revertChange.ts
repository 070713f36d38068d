import type { WorkspaceFs } from '../ports/workspaceFs';
import type { RecordedChange } from './changeRecorder';
import { confinedPath } from './confinedPath';
import { diskHolds, readDiskState } from './diskState';
import { errorMessage } from '../errorMessage';
import { english, type Translator } from '../ports/translator';

export type RevertOutcome =
  | { path: string; reverted: true; action: 'deleted' | 'restored' }
  | { path: string; reverted: false; message: string };

/**
 * Puts a file back as it was before the turn (spec §8 `Revert <path>`): deletes a created file,
 * recreates a deleted one, writes back the previous content. Refuses when the disk no longer holds
 * what the turn left, so nobody's later work is overwritten.
 */
export async function revertChange(fs: WorkspaceFs, change: RecordedChange, l10n: Translator = english): Promise<RevertOutcome> {
  const path = await confinedPath(fs, change.path);
  if (path === undefined) return { path: change.path, reverted: false, message: l10n.t('{0} is outside the workspace; not reverted.', change.path) };
  const current = await readDiskState(fs, path);
  if (!diskHolds(current, change.after)) {
    return { path: change.path, reverted: false, message: l10n.t('{0} changed on disk since the agent\'s change; not reverted (reload it and decide).', change.path) };
  }
  try {
    if (change.before === undefined) {
      await fs.deleteFile(path);
      return { path: change.path, reverted: true, action: 'deleted' };
    }
    await fs.writeFile(path, change.before);
    return { path: change.path, reverted: true, action: 'restored' };
  } catch (error) {
    return { path: change.path, reverted: false, message: l10n.t('{0} could not be reverted: {1}', change.path, errorMessage(error)) };
  }
}
