import type { FileListing, FileQuery, TextMatch, TextSearch, TextSearchQuery, TextSearchResult } from '../ports/textSearch';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { GitignoreRules } from './gitignoreRules';
import { globDepth, includeMatcher } from './globPattern';
import { relativeTo } from './pathConfinement';
import { toJsRegExp } from './regexPattern';
import { splitLines } from './textLines';
import { throwIfCancelled } from './toolResults';
import { walkWorkspace } from './workspaceWalker';

const maxScannedFileBytes = 2 * 1024 * 1024;

/** Grep without ripgrep: walks the workspace honouring .gitignore and tests every line with a JS RegExp. */
export class ScanningTextSearch implements TextSearch {
  constructor(private readonly fs: WorkspaceFs) {}

  async search(query: TextSearchQuery, signal?: AbortSignal): Promise<TextSearchResult> {
    const regex = toJsRegExp(query.pattern);
    const matches: TextMatch[] = [];
    const stat = await this.fs.stat(query.path);
    if (!stat) return { matches, truncated: false, backend: 'js' };

    const files: AsyncIterable<string> | string[] =
      stat.type === 'file' ? [query.path] : this.filesUnder(query.path, query.include, signal);
    for await (const file of files) {
      if (signal) throwIfCancelled(signal);
      const fileStat = await this.fs.stat(file);
      if (!fileStat || fileStat.size > maxScannedFileBytes) continue;
      const text = await this.fs.readFile(file).catch(() => undefined);
      if (text === undefined || text.slice(0, 8000).includes('\u0000')) continue;
      const lines = splitLines(text);
      for (let i = 0; i < lines.length; i++) {
        if (!regex.test(lines[i]!)) continue;
        if (matches.length >= query.maxResults) return { matches, truncated: true, backend: 'js' };
        matches.push({ path: file, line: i + 1, text: lines[i]! });
      }
    }
    return { matches, truncated: false, backend: 'js' };
  }

  /** The JS walk: every file under the directory that .gitignore keeps (the glob only bounds the depth). */
  async listFiles(query: FileQuery, signal?: AbortSignal): Promise<FileListing> {
    const maxDepth = globDepth(query.glob);
    const files: string[] = [];
    const rules = new GitignoreRules(this.fs);
    for await (const entry of walkWorkspace(this.fs, query.path, { rules, maxDepth, signal })) {
      if (entry.type === 'file') files.push(entry.path);
    }
    return { files, backend: 'js' };
  }

  private async *filesUnder(dir: string, include: string | undefined, signal?: AbortSignal): AsyncGenerator<string> {
    const wanted = include ? includeMatcher(include) : () => true;
    const rules = new GitignoreRules(this.fs);
    for await (const entry of walkWorkspace(this.fs, dir, { rules, signal })) {
      if (entry.type === 'file' && wanted(relativeTo(dir, entry.path))) yield entry.path;
    }
  }
}
