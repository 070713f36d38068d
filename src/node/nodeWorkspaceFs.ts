import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { DirEntry, FileStat, WorkspaceFs } from '../core/ports/workspaceFs';
import { renameWithRetry } from './atomicFile';
import { errnoOf } from './errnoOf';

const toPosix = (p: string) => p.split(path.sep).join('/');

/** WorkspaceFs on node:fs, rooted at one folder. */
/** Strict: a file that is not valid UTF-8 is reported, never silently mangled. BOMs stay in the text. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export class NodeWorkspaceFs implements WorkspaceFs {
  readonly root: string;
  private readonly rootDir: string;
  private realRoot: Promise<string> | undefined;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
    this.root = toPosix(this.rootDir);
  }

  async realPath(rel: string): Promise<string> {
    this.realRoot ??= fsp.realpath(this.rootDir);
    const realRoot = await this.realRoot;
    let current = this.absolute(rel);
    const rest: string[] = [];
    // Walk up to the longest existing prefix; a dangling link is followed to where it points.
    for (let hops = 0; hops < 64; hops++) {
      try {
        const real = await fsp.realpath(current);
        const relative = path.relative(realRoot, path.join(real, ...rest));
        return relative === '' ? '.' : toPosix(relative);
      } catch (error) {
        if (errnoOf(error) !== 'ENOENT' && errnoOf(error) !== 'ENOTDIR') throw error;
      }
      const target = await fsp.readlink(current).catch(() => undefined);
      if (target !== undefined) {
        current = path.resolve(path.dirname(current), target);
        continue;
      }
      const parent = path.dirname(current);
      if (parent === current) break;
      rest.unshift(path.basename(current));
      current = parent;
    }
    throw Object.assign(new Error(`Too many levels of symbolic links in '${rel}'`), { code: 'ELOOP' });
  }

  async stat(rel: string): Promise<FileStat | undefined> {
    try {
      const s = await fsp.stat(this.absolute(rel));
      return { type: s.isDirectory() ? 'directory' : 'file', size: s.size, mtimeMs: s.mtimeMs };
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
      throw error;
    }
  }

  async readFile(rel: string): Promise<string> {
    const bytes = await fsp.readFile(this.absolute(rel));
    try {
      return utf8.decode(bytes);
    } catch {
      // Binary files are recognised (and refused) by their NUL bytes downstream.
      if (bytes.subarray(0, 8000).includes(0)) return bytes.toString('utf8');
      // Text in another encoding: decoding it lossily and writing it back would corrupt it.
      throw Object.assign(new Error(`'${rel}' is not UTF-8 text (perhaps Latin-1 or UTF-16); CodeAgent reads and edits UTF-8 files only, so it leaves this file untouched.`), { code: 'ENOTUTF8' });
    }
  }

  async readBytes(rel: string): Promise<Uint8Array> {
    return fsp.readFile(this.absolute(rel));
  }

  async writeFile(rel: string, content: string): Promise<void> {
    // Write through a symbolic link (the link stays a link) and keep the file's permissions.
    const target = await fsp.realpath(this.absolute(rel)).catch(() => this.absolute(rel));
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true });
    const mode = await fsp.stat(target).then((s) => s.mode & 0o7777, () => undefined);
    const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fsp.writeFile(temp, content, 'utf8');
      if (mode !== undefined) await fsp.chmod(temp, mode);
      await renameWithRetry(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async deleteFile(rel: string): Promise<void> {
    const abs = this.absolute(rel);
    const s = await fsp.lstat(abs).catch((error: unknown) => {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!s) return;
    if (s.isDirectory()) throw Object.assign(new Error(`'${rel}' is a directory, not a file`), { code: 'EISDIR' });
    await fsp.unlink(abs);
  }

  async readDir(rel: string): Promise<DirEntry[]> {
    const entries = await fsp.readdir(this.absolute(rel), { withFileTypes: true });
    return entries.map((e) => ({
      name: e.name,
      type: e.isDirectory() ? 'directory' : e.isFile() ? 'file' : e.isSymbolicLink() ? 'symlink' : 'other',
    }));
  }

  /** Defence in depth: core confines paths first, but this layer never leaves the root either. */
  private absolute(rel: string): string {
    const abs = path.resolve(this.rootDir, rel);
    const inside = path.relative(this.rootDir, abs);
    // `..` as a whole segment climbs out; a name that merely starts with dots (`..cache`) is inside.
    if (inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
      throw Object.assign(new Error(`Path '${rel}' is outside the workspace (${this.root})`), { code: 'EACCES' });
    }
    return abs;
  }
}
