import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LocalFiles } from '../core/ports/localFiles';
import { writeFileAtomic } from './atomicFile';
import { errnoOf } from './errnoOf';

/** LocalFiles on node:fs. */
export class NodeLocalFiles implements LocalFiles {
  async readBytes(file: string): Promise<Uint8Array | undefined> {
    try {
      const bytes = await fsp.readFile(file);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      throw error;
    }
  }

  async writeBytes(file: string, bytes: Uint8Array, options: { executable?: boolean } = {}): Promise<void> {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, bytes, { durable: false });
    if (options.executable && process.platform !== 'win32') await fsp.chmod(file, 0o755);
  }

  async exists(file: string): Promise<boolean> {
    return fsp.lstat(file).then(() => true, () => false);
  }

  async isExecutable(file: string): Promise<boolean> {
    if (process.platform === 'win32') return false;
    const stat = await fsp.stat(file).catch(() => undefined);
    return stat !== undefined && (stat.mode & 0o111) !== 0;
  }

  async copyFile(from: string, to: string): Promise<void> {
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.copyFile(from, to);
    const { mode, atime, mtime } = await fsp.stat(from);
    await fsp.chmod(to, mode & 0o777).catch(() => undefined);
    await fsp.utimes(to, atime, mtime);
  }

  async remove(file: string): Promise<void> {
    await fsp.rm(file, { recursive: true, force: true, maxRetries: 3 });
  }

  async makeTempDir(prefix: string): Promise<string> {
    return (await fsp.mkdtemp(path.join(os.tmpdir(), prefix))).split(path.sep).join('/');
  }
}
