import { z } from 'zod';
import grepDoc from '../../../prompts/tools/grep.md';
import type { TextMatch } from '../ports/textSearch';
import { dataOf, historyRecord } from './historyRecord';
import { resolveWorkspacePath } from './pathConfinement';
import { secretFileReason } from './secretFiles';
import { toJsRegExp } from './regexPattern';
import { clip } from './textLines';
import { ToolFailure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';

export const maxGrepMatches = 200;
const maxMatchChars = 300;
const historyMatches = 5;
const historyMatchChars = 200;

const schema = z.object({
  pattern: z.string().min(1).describe('Regular expression (ripgrep syntax; prefix (?i) for case-insensitive)'),
  path: z.string().optional().describe('File or directory to search, relative to the workspace root (default: the root)'),
  include: z.string().optional().describe("Glob for the files to search, e.g. '*.ts' or 'src/**/*.{ts,tsx}'"),
});
export type GrepParams = z.infer<typeof schema>;

export interface GrepData {
  pattern: string;
  path: string;
  include?: string;
  matches: TextMatch[];
  files: number;
  truncated: boolean;
  backend: 'ripgrep' | 'js';
}

const formatMatch = (m: TextMatch, maxChars: number) => `${m.path}:${m.line}: ${clip(m.text.trim(), maxChars)}`;

function summary(data: Pick<GrepData, 'matches' | 'files' | 'truncated'>): string {
  const n = data.matches.length;
  const count = data.truncated ? `more than ${n} matches` : `${n} match${n === 1 ? '' : 'es'}`;
  return `${count} in ${data.files} file${data.files === 1 ? '' : 's'}`;
}

export const grepTool: ToolDefinition<GrepParams> = {
  name: 'Grep',
  kind: 'read',
  schema,
  doc: grepDoc,
  paramNames: ['pattern', 'path', 'include'],

  async run(params, ctx) {
    const path = await resolveWorkspacePath(ctx.fs, params.path ?? '.');
    if (!(await ctx.fs.stat(path))) throw new ToolFailure('file_not_found', `'${path}' does not exist.`);
    try {
      toJsRegExp(params.pattern);
    } catch (error) {
      throw new ToolFailure('invalid_regex', `Invalid regular expression '${params.pattern}': ${(error as Error).message}. Escape special characters such as ( [ { . * + ? with a backslash to match them literally.`);
    }

    const found = await ctx.search.search({ pattern: params.pattern, path, include: params.include, maxResults: maxGrepMatches }, ctx.signal);
    // Lines of .env, keys and credentials never come back through a search (Read asks the user for them).
    const secretFiles = new Set(found.matches.filter((m) => secretFileReason(m.path)).map((m) => m.path));
    const matches = found.matches.filter((m) => !secretFiles.has(m.path)).map((m) => ({ ...m, text: clip(m.text.replace(/\r?\n$/, ''), maxMatchChars) }));
    const data: GrepData = {
      pattern: params.pattern,
      path,
      ...(params.include ? { include: params.include } : {}),
      matches,
      files: new Set(matches.map((m) => m.path)).size,
      truncated: found.truncated,
      backend: found.backend,
    };
    const scope = `${path === '.' ? '' : ` in ${path}`}${params.include ? ` (files matching ${params.include})` : ''}`;
    const withheld = secretFiles.size ? `Matches in ${secretFiles.size} file${secretFiles.size === 1 ? '' : 's'} that may hold secrets (${[...secretFiles].slice(0, 5).join(', ')}) are not shown; Read such a file if you need it (the user is asked first).` : undefined;
    if (matches.length === 0) return success(data, [`No matches for /${params.pattern}/${scope}.`, withheld].filter(Boolean).join('\n'));
    const lines = [`Found ${summary(data)} for /${params.pattern}/${scope}:`, ...matches.map((m) => formatMatch(m, maxMatchChars))];
    if (withheld) lines.push(withheld);
    if (found.truncated) lines.push(`… stopped after ${matches.length} matches; narrow the pattern, path or include.`);
    return success(data, lines.join('\n'));
  },

  compress(_params, result) {
    const data = dataOf<GrepData>(result);
    if (result.status !== 'success' || !data.matches) return historyRecord(result, undefined);
    return historyRecord(result, {
      summary: `${summary(data as GrepData)} for /${data.pattern}/${data.path === '.' ? '' : ` in ${data.path}`}${data.include ? ` (${data.include})` : ''}`,
      matches: data.matches.slice(0, historyMatches).map((m) => formatMatch(m, historyMatchChars)),
    });
  },
};
