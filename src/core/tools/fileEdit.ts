import { userEditNote, writeWithApproval } from './approvedWrite';
import { changedRegion, describeRange, unifiedDiff } from './changedRegion';
import { assertFreshlyRead } from './editGuard';
import { fileNotFound, readTextFile } from './fileAccess';
import { dataOf, historyRecord } from './historyRecord';
import { resolveWorkspacePath } from './pathConfinement';
import { applyReplacement, type Replacement } from './stringReplacement';
import { normalizeText, restoreShape } from './textLines';
import { ToolFailure, success } from './toolResults';
import type { ToolContext, ToolResult } from './toolTypes';

export interface EditData {
  path: string;
  edits: number;
  replacements: number;
  /** Changed lines in the new file; endLine < startLine for a pure deletion. */
  startLine?: number;
  endLine?: number;
  /** Numbered lines around the change (≤ 50). */
  snippet: string;
  diff: string;
  userEdited: boolean;
  /** A save participant (formatter, EOL) changed the approved text on disk; the snippet shows the result. */
  changedOnSave?: boolean;
}

/**
 * Edit and MultiEdit: every replacement applies in order to the result of the previous one, all in
 * memory; one failure fails the whole call and the file is untouched (all or nothing).
 */
export async function editFile(ctx: ToolContext, tool: string, pathInput: string, edits: readonly Replacement[]): Promise<ToolResult> {
  const path = await resolveWorkspacePath(ctx.fs, pathInput);
  const stat = await ctx.fs.stat(path);
  if (!stat) {
    const missing = await fileNotFound(ctx.fs, path);
    throw new ToolFailure(missing.code, `${missing.message} Use Write to create a new file.`);
  }
  if (stat.type === 'directory') throw new ToolFailure('is_directory', `'${path}' is a directory, not a file.`);
  assertFreshlyRead(ctx.readLedger, path, stat);
  const file = await readTextFile(ctx.fs, path);
  const { text: before, shape } = normalizeText(file.raw);

  let text = before;
  let replacements = 0;
  edits.forEach((edit, i) => {
    try {
      const applied = applyReplacement(text, edit, path);
      text = applied.text;
      replacements += applied.count;
    } catch (error) {
      if (!(error instanceof ToolFailure) || edits.length === 1) throw error;
      throw new ToolFailure(error.code, `Edit ${i + 1} of ${edits.length} failed, so none of the edits were applied: ${error.message}`);
    }
  });

  const written = await writeWithApproval(ctx, tool, path, { content: file.raw, stat: file.stat }, restoreShape(text, shape));
  const after = normalizeText(written.after).text;
  const region = changedRegion(before, after);
  const data: EditData = {
    path,
    edits: edits.length,
    replacements,
    startLine: region?.startLine,
    endLine: region?.endLine,
    snippet: region?.snippet ?? '',
    diff: unifiedDiff(before, after, `a/${path}`, `b/${path}`),
    userEdited: written.userEdited,
    ...(written.changedOnSave ? { changedOnSave: true } : {}),
  };
  const count = `${replacements} replacement${replacements === 1 ? '' : 's'}${edits.length > 1 ? ` from ${edits.length} edits` : ''}`;
  const summary = region
    ? `Edited ${path}: ${count}, ${describeRange(region)} changed. The file now reads:\n${region.snippet}`
    : `${path} is unchanged (the accepted version equals the original).`;
  return success(data, summary + userEditNote(written));
}

/** Edit/MultiEdit history record: file, changed range, key snippet (≤ 50 lines). */
export function compressEdit(result: ToolResult): string {
  const data = dataOf<EditData>(result);
  if (result.status !== 'success' || data.path === undefined) return historyRecord(result, result.status === 'error' ? result.data : undefined);
  const { startLine: start, endLine: end } = data;
  const changed = start === undefined || end === undefined ? 'none' : end < start ? `lines removed at ${start}` : start === end ? `${start}` : `${start}-${end}`;
  return historyRecord(result, {
    path: data.path,
    replacements: data.replacements,
    changedLines: changed,
    ...(data.userEdited ? { userEdited: true } : {}),
    ...(data.changedOnSave ? { changedOnSave: true } : {}),
    snippet: data.snippet,
  });
}
