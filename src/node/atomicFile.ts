import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

const tempName = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

/** The name of the file a temp file of writeFileAtomic was going to replace, or undefined for any other name. */
export function atomicTempTarget(name: string): string | undefined {
  return tempName.exec(name)?.[1];
}

export interface AtomicWriteOptions {
  /** Before replacing the target, keep its current content under this path, replaced atomically too. */
  keepPreviousAs?: string;
  /** False for a cache that may be lost in a crash (never half-written): skips the fsync. */
  durable?: boolean;
}

/**
 * Replaces target so that after a crash it holds its old or its new content, never a mix: write a temp file
 * beside it, fsync, rename over it. Call syncDirectory afterwards to make the rename itself durable.
 */
export async function writeFileAtomic(target: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = tempPathFor(target);
  try {
    const handle = await fsp.open(temp, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.keepPreviousAs) await keepCopy(target, options.keepPreviousAs);
    await renameWithRetry(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Appends text to file (created if missing) with one write and one fsync; returns the file's size after it.
 * A crash can leave the text's start without its end: readers drop an unfinished last line.
 */
export async function appendFileDurable(file: string, text: string): Promise<number> {
  const handle = await fsp.open(file, 'a');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** Best effort: Windows and some file systems cannot open or sync a directory. */
export async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Nothing more can be done where directories cannot be synced.
  }
}

function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

async function keepCopy(source: string, copy: string): Promise<void> {
  const temp = tempPathFor(copy);
  try {
    // A hard link keeps the old content without copying it: the rename that follows gives source a new inode.
    await fsp.link(source, temp).catch(async () => {
      await fsp.copyFile(source, temp);
      const handle = await fsp.open(temp, 'r+');
      await handle.sync().finally(() => handle.close());
    });
    await renameWithRetry(temp, copy);
  } finally {
    // rename between two links of one inode succeeds without removing the source (POSIX).
    await fsp.rm(temp, { force: true });
  }
}

/** Windows refuses to replace a file another process has open for a moment (antivirus, indexer, a reader). */
export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 4 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}
