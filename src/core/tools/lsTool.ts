import { z } from 'zod';
import lsDoc from '../../../prompts/tools/ls.md';
import type { DirEntry } from '../ports/workspaceFs';
import { GitignoreRules } from './gitignoreRules';
import { dataOf, firstItems, historyRecord } from './historyRecord';
import { joinPath, resolveWorkspacePath } from './pathConfinement';
import { ToolFailure, success, throwIfCancelled } from './toolResults';
import type { ToolContext, ToolDefinition } from './toolTypes';
import { countOf } from '../plural';

export const maxLsEntries = 1000;
const maxDepth = 10;
const historyEntries = 20;

const schema = z.object({
  path: z.string().min(1).describe("Directory, relative to the workspace root ('.' for the root)"),
  depth: z.number().int().min(1).max(maxDepth).optional().describe('How many levels to list (default 1: only the direct children)'),
});
export type LsParams = z.infer<typeof schema>;

export interface LsEntry {
  /** Relative to the listed directory; directories end with '/', symbolic links with '@'. */
  path: string;
  type: 'file' | 'directory' | 'symlink';
  depth: number;
}

export interface LsData {
  path: string;
  entries: LsEntry[];
  directories: number;
  files: number;
  hiddenByGitignore: number;
  truncated: boolean;
}

const suffix = { directory: '/', symlink: '@', file: '' } as const;

function byDirectoriesFirst(a: DirEntry, b: DirEntry): number {
  const rank = (e: DirEntry) => (e.type === 'directory' ? 0 : 1);
  return rank(a) - rank(b) || a.name.localeCompare(b.name, 'en');
}

async function collect(ctx: ToolContext, root: string, depthLimit: number): Promise<LsData> {
  const rules = new GitignoreRules(ctx.fs);
  const data: LsData = { path: root, entries: [], directories: 0, files: 0, hiddenByGitignore: 0, truncated: false };
  const visit = async (dir: string, rel: string, depth: number): Promise<void> => {
    throwIfCancelled(ctx.signal);
    const entries = (await ctx.fs.readDir(dir)).filter((e) => e.type !== 'other').sort(byDirectoriesFirst);
    for (const entry of entries) {
      const type = entry.type as LsEntry['type'];
      const full = joinPath(dir, entry.name);
      if (entry.name === '.git') continue;
      if (await rules.matches(full, type === 'directory')) {
        data.hiddenByGitignore++;
        continue;
      }
      if (data.entries.length >= maxLsEntries) {
        data.truncated = true;
        return;
      }
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      data.entries.push({ path: relPath + suffix[type], type, depth });
      if (type === 'directory') {
        data.directories++;
        if (depth < depthLimit) await visit(full, relPath, depth + 1);
      } else data.files++;
    }
  };
  await visit(root, '', 1);
  return data;
}

function countsLine(data: LsData): string {
  const hidden = data.hiddenByGitignore > 0 ? `, ${data.hiddenByGitignore} hidden by .gitignore` : '';
  return `${countOf(data.directories, 'directory', 'directories')}, ${countOf(data.files, 'file')}${hidden}`;
}

export const lsTool: ToolDefinition<LsParams> = {
  name: 'LS',
  kind: 'read',
  schema,
  doc: lsDoc,
  paramNames: ['path', 'depth'],

  async run(params, ctx) {
    const path = await resolveWorkspacePath(ctx.fs, params.path);
    const stat = await ctx.fs.stat(path);
    if (!stat) throw new ToolFailure('file_not_found', `Directory '${path}' does not exist.`);
    if (stat.type !== 'directory') throw new ToolFailure('not_a_directory', `'${path}' is a file, not a directory. Use Read to read it.`);

    const data = await collect(ctx, path, params.depth ?? 1);
    const header = `${path === '.' ? './' : path + '/'} (${countsLine(data)})`;
    const lines = data.entries.map((e) => `${'  '.repeat(e.depth - 1)}${e.path.slice(e.path.lastIndexOf('/', e.path.length - 2) + 1)}`);
    if (data.entries.length === 0) lines.push('(empty)');
    if (data.truncated) lines.push(`… listing stopped at ${maxLsEntries} entries; list a subdirectory or lower the depth.`);
    return success(data, [header, ...lines].join('\n'));
  },

  compress(_params, result) {
    const data = dataOf<LsData>(result);
    if (result.status !== 'success' || !data.entries) return historyRecord(result, undefined);
    const first = firstItems(data.entries.map((e) => e.path), historyEntries);
    return historyRecord(result, {
      path: data.path,
      directories: data.directories,
      files: data.files,
      ...(data.hiddenByGitignore ? { hiddenByGitignore: data.hiddenByGitignore } : {}),
      entries: first.items,
      ...(first.more || data.truncated ? { more: data.truncated ? `${first.more ?? 0}+` : first.more } : {}),
    });
  },
};
