import type { FileStat } from '../ports/workspaceFs';
import type { FileChange } from './approval';
import { userEditDiff } from './proposalText';
import { protectedConfigReasonOf } from './protectedConfigFiles';
import { changedOnSaveNote, landedText } from './changedOnSave';
import { ToolFailure, throwIfCancelled } from './toolResults';
import type { ToolContext } from './toolTypes';

export interface WrittenFile extends FileChange {
  /** What the model proposed; `approved` is what was written (the user's version when they edited it). */
  proposed: string;
  approved: string;
  /** `after`: what the file holds once written, which a save participant (formatter, EOL) may have changed. */
  userEdited: boolean;
  changedOnSave: boolean;
  mtimeMs: number;
}

/**
 * The second half of Write/Edit/MultiEdit: ask for approval, re-check that nobody touched the
 * file while the user was deciding, write, and remember the new mtime so the model's own write
 * doesn't count as an external change.
 */
export async function writeWithApproval(
  ctx: ToolContext,
  tool: string,
  path: string,
  current: { content: string; stat: FileStat } | undefined,
  proposed: string,
): Promise<WrittenFile> {
  throwIfCancelled(ctx.signal);
  // Judged by where the write really lands too: a link may lead into .git/hooks.
  const reason = protectedConfigReasonOf(path, await ctx.fs.realPath(path));
  const decision = await ctx.approve({ kind: 'edit', tool, path, before: current?.content, after: proposed, ...(reason ? { reason } : {}) });
  if (decision.decision === 'rejected') {
    const feedback = decision.feedback?.trim();
    throw new ToolFailure(
      'rejected',
      `The user rejected the change to '${path}'; the file was not modified.${feedback ? ` User feedback: ${feedback}` : ''}`,
      { path, feedback: feedback || undefined },
    );
  }
  throwIfCancelled(ctx.signal);

  const now = await ctx.fs.stat(path);
  if (current ? now?.mtimeMs !== current.stat.mtimeMs : now !== undefined) {
    throw new ToolFailure('stale_read', `'${path}' changed on disk while the change was waiting for approval; nothing was written. Read it again and redo the change.`);
  }

  const written = decision.finalContent ?? proposed;
  await ctx.fs.writeFile(path, written);
  // Read back before the stat: the mtime the ledger keeps must be that of the text the model is told about.
  const landed = await landedText(ctx.fs, path, written);
  const stat = await ctx.fs.stat(path);
  if (stat) ctx.readLedger.record(path, stat.mtimeMs);
  const change: WrittenFile = {
    path,
    kind: current ? 'modified' : 'added',
    before: current?.content,
    after: landed,
    proposed,
    approved: written,
    // Line endings or a BOM an editor normalised are not the user's edits.
    userEdited: userEditDiff(proposed, written, path) !== '',
    changedOnSave: landed !== written,
    mtimeMs: stat?.mtimeMs ?? Date.now(),
  };
  ctx.onFileChanged?.({ path, kind: change.kind, before: change.before, after: change.after });
  return change;
}

/**
 * Tells the model that the user's version, not its proposal, is what was written, and that a save
 * changed it further when one did.
 */
export function userEditNote(file: WrittenFile): string {
  const saved = changedOnSaveNote(file.approved, file.after);
  if (!file.userEdited) return saved;
  const diff = userEditDiff(file.proposed, file.approved, file.path);
  return `\n\nThe user edited your proposal before accepting it; the file contains their version. Their changes to your proposal:\n${diff}${saved}`;
}
