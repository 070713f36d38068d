import { z } from 'zod';
import globDoc from '../../../prompts/tools/glob.md';
import { globMatcher, staticPrefix } from './globPattern';
import { dataOf, firstItems, historyRecord } from './historyRecord';
import { joinPath, relativeTo, resolveWorkspacePath } from './pathConfinement';
import { ToolFailure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';

export const maxGlobResults = 100;
/** Beyond this many matches, sorting by mtime (one stat each) is skipped and paths are sorted by name. */
const maxMtimeSorted = 2000;
const historyFiles = 10;

const schema = z.object({
  pattern: z.string().min(1).describe("Glob pattern, e.g. '**/*.ts' or 'src/**/*.{ts,tsx}'"),
  path: z.string().optional().describe('Directory to search in, relative to the workspace root (default: the root)'),
});
export type GlobParams = z.infer<typeof schema>;

export interface GlobData {
  pattern: string;
  path: string;
  /** Workspace-relative paths, newest first (or by path when there are very many). */
  files: string[];
  total: number;
  truncated: boolean;
  sortedBy: 'mtime' | 'path';
}

function relativePattern(pattern: string, base: string, root: string): string {
  let p = pattern.trim().replace(/^(\.\/)+/, '');
  const rootPrefix = root.replace(/\/+$/, '') + '/';
  if (p.startsWith(rootPrefix)) p = relativeTo(base, p.slice(rootPrefix.length));
  if (p.startsWith('/') || p.split('/').includes('..')) {
    throw new ToolFailure('invalid_pattern', `Pattern '${pattern}' must be relative to the search directory and must not contain '..'; use the path parameter to choose the directory.`);
  }
  return p;
}

export const globTool: ToolDefinition<GlobParams> = {
  name: 'Glob',
  kind: 'read',
  schema,
  doc: globDoc,
  paramNames: ['pattern', 'path'],

  async run(params, ctx) {
    const base = await resolveWorkspacePath(ctx.fs, params.path ?? '.');
    const baseStat = await ctx.fs.stat(base);
    if (!baseStat) throw new ToolFailure('file_not_found', `Directory '${base}' does not exist.`);
    if (baseStat.type !== 'directory') throw new ToolFailure('not_a_directory', `'${base}' is a file, not a directory.`);
    const pattern = relativePattern(params.pattern, base, ctx.fs.root);
    const matchesGlob = globMatcher(pattern);
    const prefix = staticPrefix(pattern);
    const start = prefix ? joinPath(base, prefix) : base;
    const rest = prefix ? pattern.slice(prefix.length + 1) : pattern;

    const matches: string[] = [];
    if ((await ctx.fs.stat(start))?.type === 'directory') {
      // ripgrep lists (honouring .gitignore) far faster than a JS walk; the exact match is done here, the same for both.
      const listing = await ctx.search.listFiles({ path: start, glob: rest }, ctx.signal);
      for (const file of listing.files) if (matchesGlob(relativeTo(base, file))) matches.push(file);
    }

    let sortedBy: GlobData['sortedBy'] = 'path';
    if (matches.length <= maxMtimeSorted) {
      const mtimes = new Map<string, number>();
      await Promise.all(matches.map(async (m) => mtimes.set(m, (await ctx.fs.stat(m))?.mtimeMs ?? 0)));
      matches.sort((a, b) => mtimes.get(b)! - mtimes.get(a)! || a.localeCompare(b, 'en'));
      sortedBy = 'mtime';
    } else matches.sort((a, b) => a.localeCompare(b, 'en'));

    const shown = matches.slice(0, maxGlobResults);
    const data: GlobData = { pattern, path: base, files: shown, total: matches.length, truncated: matches.length > shown.length, sortedBy };
    const where = base === '.' ? '' : ` in ${base}`;
    if (matches.length === 0) return success(data, `No files match '${pattern}'${where}.`);
    const order = sortedBy === 'mtime' ? 'most recently modified first' : 'sorted by path';
    const lines = [`Found ${matches.length} file${matches.length === 1 ? '' : 's'} matching '${pattern}'${where} (${order}):`, ...shown];
    if (data.truncated) lines.push(`… showing the first ${shown.length} of ${matches.length}; use a more specific pattern or path.`);
    return success(data, lines.join('\n'));
  },

  compress(_params, result) {
    const data = dataOf<GlobData>(result);
    if (result.status !== 'success' || !data.files) return historyRecord(result, undefined);
    const first = firstItems(data.files, historyFiles);
    return historyRecord(result, {
      pattern: data.pattern,
      path: data.path,
      total: data.total,
      files: first.items,
      ...(data.total! > first.items.length ? { more: data.total! - first.items.length } : {}),
    });
  },
};
