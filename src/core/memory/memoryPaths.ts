import type { MemoryScope } from '../ports/memoryStore';

export const memoryRoot = '/memories';
export const memoryScopes: readonly MemoryScope[] = ['user', 'project'];
/** Spec §21: a memory file holds notes, not data. */
export const maxMemoryFileBytes = 100 * 1024;
export const indexFile = 'MEMORY.md';

/** A checked memory path: the whole `/memories` (view only), or a scope and a path inside its folder ('' for the folder). */
export type MemoryPath = { kind: 'root' } | { kind: 'scoped'; scope: MemoryScope; rel: string };

export type ParsedMemoryPath = { ok: true; path: MemoryPath } | { ok: false; message: string };

const allowedPaths = 'Memory paths are /memories/user/… (what you know about the user, for every workspace) or /memories/project/… (this project).';

/**
 * Spec §21's path rule, pure: only `/memories/user/…` and `/memories/project/…`; refused with a clear message: any
 * other path, a `..` or `.` segment (in any spelling: `%2e`, a backslash), a NUL or control character, `~`. The
 * store resolves real paths on top of this, so a link inside the folder cannot lead out of it either.
 */
export function parseMemoryPath(raw: string): ParsedMemoryPath {
  const path = raw.trim();
  if (/[\u0000-\u001f\u007f]/.test(path)) return refuse(raw, 'it contains a control character.');
  if (path.includes('\\')) return refuse(raw, 'use / between folders, not \\.');
  if (/%[0-9a-f]{2}/i.test(path)) return refuse(raw, 'percent-encoded characters are not allowed.');
  if (path !== memoryRoot && !path.startsWith(`${memoryRoot}/`)) return refuse(raw, 'it is outside /memories.');
  // A trailing `/` names the same folder; `/memories/user/` is `/memories/user`.
  const tail = path.slice(memoryRoot.length).replace(/\/+$/, '');
  const segments = tail === '' ? [] : tail.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return refuse(raw, 'it has an empty folder name (//).');
  if (segments.some((segment) => segment === '..' || segment === '.')) return refuse(raw, '`..` and `.` are not allowed in memory paths.');
  if (segments.some((segment) => segment.startsWith('~') || segment.includes(':'))) return refuse(raw, 'it names a home folder or a drive.');
  if (segments.length === 0) return { ok: true, path: { kind: 'root' } };
  const [scope, ...rest] = segments;
  if (scope !== 'user' && scope !== 'project') return refuse(raw, `there is no memory named "${scope}".`);
  return { ok: true, path: { kind: 'scoped', scope, rel: rest.join('/') } };
}

/** The model's spelling of a checked path. */
export function memoryPathText(path: MemoryPath): string {
  if (path.kind === 'root') return memoryRoot;
  return `${memoryRoot}/${path.scope}${path.rel ? `/${path.rel}` : ''}`;
}

/** A text's size as stored (UTF-8). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function refuse(raw: string, why: string): ParsedMemoryPath {
  return { ok: false, message: `The path ${JSON.stringify(raw)} is refused: ${why} ${allowedPaths}` };
}
