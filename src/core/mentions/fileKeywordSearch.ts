import type { WorkspaceFs } from '../ports/workspaceFs';
import { globMatcher } from '../tools/globPattern';
import { pathSpellings } from './pathSpellings';
import { byPath } from './workspaceFileList';
import { lookUpWorkspacePath } from './workspacePathLookup';

export type KeywordMatch =
  | { kind: 'files'; paths: string[] }
  | { kind: 'directory'; path: string }
  | { kind: 'outside' }
  | { kind: 'none' };

/**
 * The files an `@file:keyword` names. A keyword with a `/` or `\` is tried as an exact path first; then
 * `**\/keyword` (the file name, case-sensitive), and only when that finds nothing `**\/*keyword*`
 * (case-insensitive). Candidates are unconfirmed: the reader still checks each is a file inside the workspace.
 */
export async function findFilesForKeyword(
  fs: WorkspaceFs,
  keyword: string,
  searchableFiles: () => Promise<readonly string[]>,
): Promise<KeywordMatch> {
  let fallback: KeywordMatch = { kind: 'none' };
  for (const spelling of pathSpellings(keyword)) {
    const path = spelling.replace(/\\/g, '/');
    if (path.includes('/')) {
      const exact = await lookUpWorkspacePath(fs, path);
      if (exact.status === 'found' && exact.kind === 'file') return { kind: 'files', paths: [exact.path] };
      // An existing folder is what the user meant; globbing its name would read look-alikes instead.
      if (exact.status === 'found') return { kind: 'directory', path: exact.path };
      if (exact.status === 'outside') fallback = { kind: 'outside' };
    }
    const globbed = await globMatches(path, searchableFiles);
    if (globbed.length > 0) return { kind: 'files', paths: globbed };
  }
  return fallback;
}

/** No file name is this long; a longer keyword (a pasted blob) would only make the glob compiler throw. */
const maxKeywordLength = 1024;

async function globMatches(keyword: string, searchableFiles: () => Promise<readonly string[]>): Promise<string[]> {
  const relative = keyword.replace(/^(\.\/)+/, '');
  // Walked paths never contain '..' or start with '/', so such keywords cannot match and need no walk.
  if (relative === '' || relative.length > maxKeywordLength || relative.startsWith('/') || relative.split('/').includes('..')) return [];
  const files = await searchableFiles();
  const byName = globMatcher(`**/${relative}`);
  const named = files.filter((f) => byName(f));
  if (named.length > 0) return named.sort(byPath);
  const containing = globMatcher(`**/*${relative}*`, { nocase: true });
  return files.filter((f) => containing(f)).sort(byPath);
}
