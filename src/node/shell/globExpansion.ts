import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch/posix';

/** More matches than this and the word is not expanded: the command asks. */
export const maxGlobMatches = 5_000;
const maxFolders = 200;

const globChar = /(^|[^\\])(\\\\)*[*?[]/;
const unescape = (text: string) => text.replace(/\\(.)/gs, '$1');

/** A segment's matcher as bash's default options read it: no dotglob, extglob, globstar or nocaseglob. */
function matcher(segment: string): (name: string) => boolean {
  const regex = picomatch.makeRe(segment, { dot: segment.startsWith('.'), nobrace: true, noextglob: true, noglobstar: true, nonegate: true, posix: true });
  // Without dotglob only a literal leading dot matches one: `[!a]*` does not match `.env`.
  return (name) => (!name.startsWith('.') || segment.startsWith('.')) && regex.test(name);
}

async function entries(folder: string): Promise<Array<{ name: string; folder: boolean }>> {
  try {
    const found = await fsp.readdir(folder, { withFileTypes: true });
    return Promise.all(found.map(async (entry) => ({
      name: entry.name,
      folder: entry.isDirectory() || (entry.isSymbolicLink() && (await fsp.stat(path.join(folder, entry.name)).then((s) => s.isDirectory(), () => false))),
    })));
  } catch {
    return [];
  }
}

/**
 * The words bash makes of an unquoted glob in `cwd` (spec §23): the matches, sorted, written as bash writes them
 * (relative when the glob is, `~/` expanded to `home`); the glob itself, unescaped, when nothing matches (bash's
 * default). Undefined when it cannot be told: `~user`, or more than maxGlobMatches matches.
 */
export async function expandGlob(pattern: string, cwd: string, home: string): Promise<string[] | undefined> {
  if (/^~[^/]/.test(pattern)) return undefined;
  const tilde = pattern.startsWith('~/');
  const written = tilde ? `${home.replace(/\/+$/, '')}/${pattern.slice(2)}` : pattern;
  const absolute = written.startsWith('/');
  const segments = written.split('/').filter((segment, i) => segment !== '' || i === 0);
  // Each candidate: how bash writes it, and where it is on disk.
  let candidates = [{ written: absolute ? '' : undefined as string | undefined, disk: absolute ? '/' : cwd }];
  let folders = 0;
  for (const [i, segment] of segments.entries()) {
    if (i === 0 && absolute) continue;
    const last = i === segments.length - 1;
    const join = (prefix: string | undefined, name: string) => (prefix === undefined ? name : prefix === '' ? `/${name}` : `${prefix}/${name}`);
    if (!globChar.test(segment)) {
      const name = unescape(segment);
      candidates = candidates.map((c) => ({ written: join(c.written, name), disk: path.join(c.disk, name) }));
      continue;
    }
    const matches = matcher(segment);
    const next: typeof candidates = [];
    for (const candidate of candidates) {
      if (++folders > maxFolders) return undefined;
      for (const entry of await entries(candidate.disk)) {
        if ((last || entry.folder) && matches(entry.name)) next.push({ written: join(candidate.written, entry.name), disk: path.join(candidate.disk, entry.name) });
      }
      if (next.length > maxGlobMatches) return undefined;
    }
    candidates = next;
  }
  const found = [];
  for (const candidate of candidates) {
    if (await fsp.lstat(candidate.disk).then(() => true, () => false)) found.push(candidate.written!);
  }
  return found.length > 0 ? found.sort() : [unescape(pattern)];
}

/**
 * What a word names in `cwd` (`~/` expanded), when it names something: `link`, the real path where a symbolic link is
 * on the way; `folder`, whether it is a folder (through links).
 */
export async function wordOnDisk(word: string, cwd: string, home: string): Promise<{ link?: string; folder: boolean } | undefined> {
  if (word === '' || word.startsWith('-')) return undefined;
  const file = path.resolve(cwd, word.startsWith('~/') ? path.join(home, word.slice(2)) : word);
  if (!(await fsp.lstat(file).catch(() => undefined))) return undefined;
  // A link anywhere on the way counts (`docs/x.txt` under a linked folder): compare the real path with the written one.
  const real = await fsp.realpath(file).catch(() => undefined);
  const folder = (await fsp.stat(file).catch(() => undefined))?.isDirectory() === true;
  return { ...(real !== undefined && real !== file ? { link: real } : {}), folder };
}
