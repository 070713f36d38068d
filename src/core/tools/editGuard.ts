import type { FileStat } from '../ports/workspaceFs';
import type { ReadLedger } from './readLedger';
import { ToolFailure } from './toolResults';

/**
 * Spec §4: an existing file may only be changed after the model read it in this conversation and
 * while its mtime is still the one it read, so edits never clobber changes it has not seen.
 */
export function assertFreshlyRead(ledger: ReadLedger, path: string, stat: FileStat): void {
  const seen = ledger.lastSeenMtime(path);
  if (seen === undefined) {
    throw new ToolFailure('not_read', `'${path}' has not been read in this conversation. Read it with the Read tool first, then retry the change.`);
  }
  if (seen !== stat.mtimeMs) {
    throw new ToolFailure(
      'stale_read',
      `'${path}' was modified since you last read it (last read at mtime ${new Date(seen).toISOString()}, now ${new Date(stat.mtimeMs).toISOString()}). Read it again and retry the change against its current content.`,
    );
  }
}
