import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { FileListing, FileQuery, TextMatch, TextSearch, TextSearchQuery, TextSearchResult } from '../core/ports/textSearch';
import { globDepth, includeMatcher } from '../core/tools/globPattern';
import { locateRipgrep } from './ripgrepLocator';

export interface RipgrepTextSearchOptions {
  workspaceRoot: string;
  /** Tried in order before `rg` on PATH, e.g. vscodeRipgrepCandidates(vscode.env.appRoot). */
  ripgrepPaths?: readonly string[];
  /** Also look for `rg` on PATH (default true). */
  searchPath?: boolean;
  /** Used when no ripgrep is found or it cannot handle the pattern (look-around…). */
  fallback: TextSearch;
}

class UnsupportedByRipgrep extends Error {}

const cancelled = () => Object.assign(new Error('Search cancelled'), { name: 'AbortError' });

/** A line of `rg --json`: only the parts used here. */
interface RipgrepMessage {
  type: string;
  data?: {
    path?: { text?: string; bytes?: string };
    lines?: { text?: string; bytes?: string };
    line_number?: number;
  };
}

const decode = (field: { text?: string; bytes?: string } | undefined) =>
  field?.text ?? (field?.bytes !== undefined ? Buffer.from(field.bytes, 'base64').toString('utf8') : '');

/** TextSearch on ripgrep (`--json`), honouring .gitignore even outside git repositories; falls back to a JS scan. */
export class RipgrepTextSearch implements TextSearch {
  private ripgrep: Promise<string | undefined> | undefined;

  constructor(private readonly options: RipgrepTextSearchOptions) {}

  async search(query: TextSearchQuery, signal?: AbortSignal): Promise<TextSearchResult> {
    this.ripgrep ??= locateRipgrep(this.options.ripgrepPaths ?? [], this.options.searchPath ?? true);
    const rg = await this.ripgrep;
    if (!rg) return this.options.fallback.search(query, signal);
    try {
      return await this.run(rg, query, signal);
    } catch (error) {
      if (error instanceof UnsupportedByRipgrep) return this.options.fallback.search(query, signal);
      throw error;
    }
  }

  async listFiles(query: FileQuery, signal?: AbortSignal): Promise<FileListing> {
    this.ripgrep ??= locateRipgrep(this.options.ripgrepPaths ?? [], this.options.searchPath ?? true);
    const rg = await this.ripgrep;
    if (!rg) return this.options.fallback.listFiles(query, signal);
    const cwd = path.resolve(this.options.workspaceRoot, query.path);
    // No positive --glob: one that matches an ignored folder (`**/*` matches node_modules) overrides .gitignore.
    const args = ['--files', '--no-config', '--hidden', '--no-require-git', '--glob', '!.git'];
    const depth = globDepth(query.glob);
    if (depth !== undefined) args.push('--max-depth', String(depth));
    const stdout = await runRipgrep(rg, args, cwd, signal);
    const prefix = query.path === '.' ? '' : `${query.path}/`;
    const files = stdout.split('\n').filter(Boolean).map((line) => prefix + line.replace(/\\/g, '/').replace(/^\.\//, ''));
    return { files, backend: 'ripgrep' };
  }

  private async run(rg: string, query: TextSearchQuery, signal?: AbortSignal): Promise<TextSearchResult> {
    const target = path.resolve(this.options.workspaceRoot, query.path);
    const isDirectory = (await fsp.stat(target)).isDirectory();
    if (signal?.aborted) throw cancelled();
    const cwd = isDirectory ? target : this.options.workspaceRoot;
    const args = ['--json', '--no-config', '--hidden', '--no-require-git', '--sort', 'path', '--max-filesize', '2M', '--glob', '!.git'];
    args.push('--regexp', query.pattern, '--', isDirectory ? '.' : query.path);
    // `include` is applied here rather than as `--glob`, which would override .gitignore; an explicit file is always searched.
    const wanted = query.include && isDirectory ? includeMatcher(query.include) : () => true;

    return new Promise<TextSearchResult>((resolve, reject) => {
      const child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
      const matches: TextMatch[] = [];
      let truncated = false;
      let pending = '';
      let stderr = '';
      let done = false;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const onAbort = () => {
        child.kill();
        finish(() => reject(cancelled()));
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      const onLine = (line: string) => {
        if (truncated || !line.startsWith('{"type":"match"')) return;
        const message = JSON.parse(line) as RipgrepMessage;
        const found = decode(message.data?.path).replace(/\\/g, '/').replace(/^\.\//, '');
        if (!wanted(found)) return;
        if (matches.length >= query.maxResults) {
          truncated = true;
          child.kill();
          return;
        }
        matches.push({
          path: isDirectory ? (query.path === '.' ? found : `${query.path}/${found}`) : query.path,
          line: message.data?.line_number ?? 0,
          text: decode(message.data?.lines).replace(/\r?\n$/, ''),
        });
      };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 10_000) stderr += chunk;
      });
      child.on('error', (error) => finish(() => reject(error)));
      child.on('close', (code) => {
        if (pending) onLine(pending);
        finish(() => {
          if (truncated || code === 0 || code === 1) return resolve({ matches, truncated, backend: 'ripgrep' });
          if (matches.length > 0) return resolve({ matches, truncated, backend: 'ripgrep' });
          if (/regex parse error|look-around|backreferences/i.test(stderr)) return reject(new UnsupportedByRipgrep(stderr));
          reject(new Error(`ripgrep failed (exit code ${code}): ${stderr.trim()}`));
        });
      });
    });
  }
}

/** Runs ripgrep to its end and returns its stdout; exit code 1 (nothing found) is not an error. */
function runRipgrep(rg: string, args: string[], cwd: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const out: Buffer[] = [];
    let stderr = '';
    const onAbort = () => {
      child.kill();
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (code === 0 || code === 1) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`ripgrep failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}
