import { z } from 'zod';
import writeDoc from '../../../prompts/tools/write.md';
import { userEditNote, writeWithApproval } from './approvedWrite';
import { assertFreshlyRead } from './editGuard';
import { readTextFile } from './fileAccess';
import { lineCounts } from './lineCounts';
import { countOf } from '../plural';
import { dataOf, historyRecord } from './historyRecord';
import { resolveWorkspacePath } from './pathConfinement';
import { countLines, normalizeText, numberLines, restoreShape, splitLines } from './textLines';
import { ToolFailure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';

/** How much of a written file the history keeps (seed 001 §A3: 20–50 lines). */
export const writeHistoryLines = 40;

const schema = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace root'),
  content: z.string().describe('The complete new content of the file'),
});
export type WriteParams = z.infer<typeof schema>;

export interface WriteData {
  path: string;
  action: 'created' | 'overwritten';
  lines: number;
  /** The written content (the user's version when they edited the proposal). */
  content: string;
  userEdited: boolean;
  /** Lines added and removed against the file as it was (all of them added for a new file): the card's +/−. */
  added: number;
  removed: number;
  /** A save participant (formatter, EOL) changed the approved text on disk; `content` is the result. */
  changedOnSave?: boolean;
}

export const writeTool: ToolDefinition<WriteParams> = {
  name: 'Write',
  kind: 'edit',
  schema,
  doc: writeDoc,
  paramNames: ['path', 'content'],

  async run(params, ctx) {
    const path = await resolveWorkspacePath(ctx.fs, params.path);
    if (path === '.') throw new ToolFailure('is_directory', 'The workspace root is a directory; give a file path.');
    const stat = await ctx.fs.stat(path);
    if (stat?.type === 'directory') throw new ToolFailure('is_directory', `'${path}' is a directory; give a file path.`);

    let current: { content: string; stat: NonNullable<typeof stat> } | undefined;
    let proposed = params.content;
    if (stat) {
      assertFreshlyRead(ctx.readLedger, path, stat);
      const file = await readTextFile(ctx.fs, path);
      current = { content: file.raw, stat: file.stat };
      // Keep the file's line endings and BOM: the model writes '\n' whatever the file uses.
      proposed = restoreShape(normalizeText(params.content).text, normalizeText(file.raw).shape);
    }

    const written = await writeWithApproval(ctx, 'Write', path, current, proposed);
    const lines = countLines(written.after);
    const data: WriteData = { path, action: current ? 'overwritten' : 'created', lines, content: written.after, userEdited: written.userEdited, ...lineCounts(current?.content, written.after), ...(written.changedOnSave ? { changedOnSave: true } : {}) };
    const verb = current ? 'Overwrote' : 'Created';
    return success(data, `${verb} ${path} (${countOf(lines, 'line')}).${userEditNote(written)}`);
  },

  compress(_params, result) {
    const data = dataOf<WriteData>(result);
    if (result.status !== 'success' || data.content === undefined) return historyRecord(result, result.status === 'error' ? result.data : undefined);
    const lines = splitLines(normalizeText(data.content).text);
    return historyRecord(result, {
      path: data.path,
      action: data.action,
      lines: data.lines,
      ...(data.userEdited ? { userEdited: true } : {}),
      ...(data.changedOnSave ? { changedOnSave: true } : {}),
      head: numberLines(lines.slice(0, writeHistoryLines), 1) + (lines.length > writeHistoryLines ? `\n… (${countOf(lines.length - writeHistoryLines, 'more line', 'more lines')})` : ''),
    });
  },
};
