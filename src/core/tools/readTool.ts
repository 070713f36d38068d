import { z } from 'zod';
import readDoc from '../../../prompts/tools/read.md';
import { readTextFile } from './fileAccess';
import { isImagePath, readImageFile, type ReadImageData } from './readImage';
import { dataOf, historyRecord } from './historyRecord';
import { resolveWorkspacePath } from './pathConfinement';
import { secretFileReason } from './secretFiles';
import { normalizeText, numberLines, splitLines } from './textLines';
import { ToolFailure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';
import { countOf } from '../plural';

export const maxReadLines = 500;

const schema = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace root'),
  offset: z.number().int().min(0).optional().describe('1-based line to start from'),
  limit: z.number().int().min(1).optional().describe(`Number of lines to read (at most ${maxReadLines})`),
});
export type ReadParams = z.infer<typeof schema>;

export interface ReadData {
  path: string;
  mtimeMs: number;
  startLine: number;
  endLine: number;
  totalLines: number;
  /** The slice, numbered `cat -n` style. */
  content: string;
  /** More lines exist after endLine. */
  truncated: boolean;
  modifiedExternally: boolean;
}

export function externalChangeNote(path: string): string {
  return `Note: ${path} was modified externally.`;
}

export const readTool: ToolDefinition<ReadParams> = {
  name: 'Read',
  kind: 'read',
  schema,
  doc: readDoc,
  paramNames: ['path', 'offset', 'limit'],

  async run(params, ctx) {
    const path = await resolveWorkspacePath(ctx.fs, params.path);
    // Even with read-only tools auto-approved: an injected instruction must not pull keys in unasked.
    const secret = secretFileReason(path) ?? secretFileReason(await ctx.fs.realPath(path));
    if (secret) {
      const decision = await ctx.approve({ kind: 'read', tool: 'Read', summary: `path: ${path}`, reason: secret });
      if (decision.decision === 'rejected') throw new ToolFailure('rejected', `The user did not allow reading '${path}'.${decision.feedback ? ` Feedback: ${decision.feedback}` : ''}`);
    }
    if (isImagePath(path)) return readImageFile(path, ctx, ctx.callId);
    const { raw, stat } = await readTextFile(ctx.fs, path);
    const lines = splitLines(normalizeText(raw).text);
    const startLine = Math.max(1, params.offset ?? 1);
    if (lines.length > 0 && startLine > lines.length) {
      throw new ToolFailure('offset_out_of_range', `offset ${startLine} is past the end of '${path}', which has ${countOf(lines.length, 'line')}.`);
    }
    const limit = Math.min(params.limit ?? maxReadLines, maxReadLines);
    const slice = lines.slice(startLine - 1, startLine - 1 + limit);
    const endLine = startLine + slice.length - 1;

    // Staleness must be judged against the previous read before this read is recorded.
    const previousMtime = ctx.readLedger.lastSeenMtime(path);
    const modifiedExternally = previousMtime !== undefined && previousMtime !== stat.mtimeMs;
    ctx.readLedger.record(path, stat.mtimeMs);

    const content = numberLines(slice, startLine);
    const data: ReadData = {
      path,
      mtimeMs: stat.mtimeMs,
      startLine,
      endLine,
      totalLines: lines.length,
      content,
      truncated: endLine < lines.length,
      modifiedExternally,
    };
    const parts: string[] = [];
    if (modifiedExternally) parts.push(externalChangeNote(path));
    const mtime = new Date(stat.mtimeMs).toISOString();
    if (lines.length === 0) {
      parts.push(`${path} is empty (mtime ${mtime}).`);
    } else {
      parts.push(`${path}: lines ${startLine}-${endLine} of ${lines.length} (mtime ${mtime})`, content);
      if (data.truncated) {
        const capped = params.limit !== undefined && params.limit > maxReadLines ? ` (limit is capped at ${maxReadLines} lines per call)` : '';
        parts.push(`… ${countOf(lines.length - endLine, 'more line', 'more lines')}${capped}. Continue with offset=${endLine + 1}.`);
      }
    }
    return success(data, parts.join('\n'));
  },

  compress(_params, result) {
    const data = dataOf<ReadData>(result);
    if (result.status !== 'success' || data.path === undefined) return historyRecord(result, undefined);
    const image = (data as Partial<ReadImageData>).image;
    if (image) return historyRecord(result, { path: data.path, image: `${image.mimeType} ${image.width}x${image.height}, ${image.bytes} bytes${image.shown ? '' : ' (described, not shown)'}` });
    return historyRecord(result, {
      path: data.path,
      lines: data.totalLines === 0 ? 'empty' : `${data.startLine}-${data.endLine} of ${data.totalLines}`,
      ...(data.modifiedExternally ? { note: externalChangeNote(data.path) } : {}),
      content: data.content,
    });
  },
};
