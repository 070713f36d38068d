import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { MemoryPathRefusal, type MemoryItem, type MemoryScope, type MemoryStore } from '../core/ports/memoryStore';
import { writeFileAtomic } from './atomicFile';
import { errnoOf } from './errnoOf';

/**
 * MemoryStore on node:fs (spec §21). Every path is resolved to its real path (links followed) and refused unless it
 * stays inside the scope's real folder; a path that does not exist yet is checked by its nearest existing parent.
 */
export class NodeMemoryStore implements MemoryStore {
  /** `folders`: each scope's folder; the project's may need git to find (hence a promise). */
  constructor(private readonly folders: { user: string; project: () => Promise<string> }) {}

  async folder(scope: MemoryScope): Promise<string> {
    return scope === 'user' ? this.folders.user : this.folders.project();
  }

  async stat(scope: MemoryScope, rel: string): Promise<{ type: 'file' | 'directory'; size: number } | undefined> {
    const real = await this.resolve(scope, rel);
    const stat = await fsp.stat(real).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
    if (!stat) return undefined;
    if (!stat.isFile() && !stat.isDirectory()) throw new MemoryPathRefusal(`/memories/${scope}/${rel} is neither a file nor a folder.`);
    return { type: stat.isFile() ? 'file' : 'directory', size: stat.size };
  }

  async read(scope: MemoryScope, rel: string): Promise<string | undefined> {
    const real = await this.resolve(scope, rel);
    return fsp.readFile(real, 'utf8').catch((error: unknown) => (isMissing(error) || errnoOf(error) === 'EISDIR' ? undefined : Promise.reject(error)));
  }

  async list(scope: MemoryScope, rel: string, depth: number): Promise<MemoryItem[]> {
    const root = await this.resolve(scope, rel);
    const base = await this.realFolder(scope);
    const items: MemoryItem[] = [];
    const walk = async (folder: string, prefix: string, level: number): Promise<void> => {
      const names = (await fsp.readdir(folder).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)))).sort();
      for (const name of names) {
        if (name.startsWith('.') || name === 'node_modules') continue;
        const real = await fsp.realpath(path.join(folder, name)).catch(() => undefined);
        // A link out of the folder is not listed (and refused when named).
        if (!real || !inside(base, real)) continue;
        const stat = await fsp.stat(real).catch(() => undefined);
        if (stat?.isDirectory()) {
          items.push({ path: `${prefix}${name}/`, type: 'directory', size: stat.size });
          if (level < depth) await walk(real, `${prefix}${name}/`, level + 1);
        } else if (stat?.isFile()) items.push({ path: `${prefix}${name}`, type: 'file', size: stat.size });
      }
    };
    await walk(root, '', 1);
    return items;
  }

  async write(scope: MemoryScope, rel: string, text: string): Promise<void> {
    const real = await this.resolve(scope, rel);
    await fsp.mkdir(path.dirname(real), { recursive: true });
    // The parents just made may be where a link was: checked again before the write.
    await this.resolve(scope, rel);
    await writeFileAtomic(real, text, { durable: false });
  }

  async remove(scope: MemoryScope, rel: string): Promise<void> {
    await fsp.rm(await this.resolve(scope, rel), { recursive: true, force: true });
  }

  async rename(scope: MemoryScope, from: string, to: string): Promise<void> {
    const [source, target] = [await this.resolve(scope, from), await this.resolve(scope, to)];
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(source, target);
  }

  /** The scope's folder, made if missing, as its real path. */
  private async realFolder(scope: MemoryScope): Promise<string> {
    const folder = await this.folder(scope);
    await fsp.mkdir(folder, { recursive: true });
    return fsp.realpath(folder);
  }

  private async resolve(scope: MemoryScope, rel: string): Promise<string> {
    const base = await this.realFolder(scope);
    const wanted = path.resolve(base, ...rel.split('/').filter(Boolean));
    if (!inside(base, wanted)) throw new MemoryPathRefusal(`/memories/${scope}/${rel} is outside the memory folder.`);
    // The nearest part of the path that exists, resolved through any link in it, must stay inside too.
    let existing = wanted;
    let rest = '';
    for (;;) {
      const real = await fsp.realpath(existing).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
      if (real !== undefined) {
        if (!inside(base, real)) throw new MemoryPathRefusal(`/memories/${scope}/${rel} leads out of the memory folder through a link; refused.`);
        return rest ? path.join(real, rest) : real;
      }
      // A dangling link: lstat sees it though realpath cannot follow it.
      if (await fsp.lstat(existing).then((s) => s.isSymbolicLink(), () => false)) throw new MemoryPathRefusal(`/memories/${scope}/${rel} is a link to nothing; refused.`);
      rest = rest ? path.join(path.basename(existing), rest) : path.basename(existing);
      existing = path.dirname(existing);
    }
  }
}

function inside(base: string, candidate: string): boolean {
  const relative = path.relative(base, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function isMissing(error: unknown): boolean {
  const code = errnoOf(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
