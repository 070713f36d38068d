import type { WorkspaceFs } from '../ports/workspaceFs';
import { ToolFailure } from './toolResults';

const windowsDrive = /^[a-zA-Z]:\//;

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || windowsDrive.test(p);
}

function isOutside(rel: string): boolean {
  return rel === '..' || rel.startsWith('../') || isAbsolute(rel);
}

/** Splits on '/', drops '.' and empty segments, applies '..'; undefined when '..' climbs above the start. */
function normalizeSegments(p: string): string[] | undefined {
  const out: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out;
}

function outsideError(input: string, root: string, how: string): ToolFailure {
  return new ToolFailure(
    'outside_workspace',
    `Path '${input}' is outside the workspace (${root})${how}. Only files inside the workspace can be used; give a path relative to the workspace root.`,
  );
}

/** Most file systems cap one name at 255 bytes and a path near 4096; past these the OS error says little. */
const maxNameLength = 255;
const maxPathLength = 4096;

/** Spellings that never name a workspace file, refused before anything touches the disk. */
function refuseUnusable(input: string, p: string): void {
  if (p.includes('\0')) throw new ToolFailure('invalid_path', `Path '${input.replace(/\0/g, '\\0')}' contains a NUL character. Give a plain path relative to the workspace root.`);
  if (p.startsWith('~')) {
    throw new ToolFailure('outside_workspace', `Path '${input}' starts with '~': home directories are outside the workspace and '~' is not expanded. Give a path relative to the workspace root.`);
  }
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(p)) throw new ToolFailure('invalid_path', `Path '${input}' is a URL; give a path relative to the workspace root.`);
  if (/%(2e|2f|5c|25)/i.test(p)) {
    throw new ToolFailure('invalid_path', `Path '${input}' is percent-encoded (%2e, %2f…); paths are not URL-decoded. Give the plain path relative to the workspace root.`);
  }
  if (/^[a-zA-Z]:(?!\/)/.test(p)) throw new ToolFailure('outside_workspace', `Path '${input}' is relative to a drive ('${p.slice(0, 2)}'), not to the workspace. Give a path relative to the workspace root.`);
  if (p.length > maxPathLength || p.split('/').some((segment) => segment.length > maxNameLength)) {
    throw new ToolFailure('name_too_long', `Path '${input.slice(0, 120)}…' is too long (${p.length} characters; at most ${maxNameLength} per name and ${maxPathLength} in all).`);
  }
}

/**
 * Resolves a path the model gave (relative to the workspace root, or absolute inside it) to a
 * normalized workspace-relative path ('.' for the root). Refuses `..` escapes and symbolic links
 * that lead outside the workspace.
 */
export async function resolveWorkspacePath(fs: WorkspaceFs, input: string): Promise<string> {
  const root = fs.root.replace(/\/+$/, '');
  const onWindows = windowsDrive.test(root);
  // A backslash is a separator everywhere: `..\x` must not pass for a name, and `src\a.ts` means src/a.ts.
  let p = input.trim().replace(/\\/g, '/');
  if (p === '') p = '.';
  refuseUnusable(input, p);

  if (isAbsolute(p)) {
    const sameCase = (s: string) => (onWindows ? s.toLowerCase() : s);
    if (sameCase(p) === sameCase(root)) p = '.';
    else if (sameCase(p).startsWith(sameCase(root) + '/')) p = p.slice(root.length + 1);
    else throw outsideError(input, root, '');
  }

  const segments = normalizeSegments(p);
  if (!segments) throw outsideError(input, root, '');
  const rel = segments.length === 0 ? '.' : segments.join('/');

  const real = await fs.realPath(rel);
  if (isOutside(real)) throw outsideError(input, root, ' once symbolic links are resolved');
  return rel;
}

/** Joins workspace-relative paths, '.' meaning the root. */
export function joinPath(base: string, name: string): string {
  return base === '.' || base === '' ? name : `${base}/${name}`;
}

/** `path` relative to the directory `base` (both workspace-relative, `path` inside `base`). */
export function relativeTo(base: string, path: string): string {
  if (base === '.' || base === '') return path;
  if (path === base) return '.';
  return path.startsWith(base + '/') ? path.slice(base.length + 1) : path;
}

export function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

export function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '.' : path.slice(0, i);
}
