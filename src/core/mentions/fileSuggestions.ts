export interface PathSuggestion {
  path: string;
  kind: 'file' | 'directory';
}

/**
 * Ranks workspace paths for the `@` autocomplete: a match in the file name beats one in the folders,
 * a prefix beats a substring, a substring beats a scattered subsequence; shorter paths first on ties.
 */
export function rankPathSuggestions(paths: readonly PathSuggestion[], query: string, limit = 20): PathSuggestion[] {
  const needle = query.toLowerCase();
  const scored: { item: PathSuggestion; score: number }[] = [];
  for (const item of paths) {
    const score = scorePath(item.path.toLowerCase(), needle);
    if (score > 0) scored.push({ item, score });
  }
  scored.sort((a, b) => b.score - a.score || a.item.path.length - b.item.path.length || a.item.path.localeCompare(b.item.path));
  return scored.slice(0, limit).map((s) => s.item);
}

function scorePath(path: string, needle: string): number {
  if (needle === '') return 1;
  const name = path.slice(path.lastIndexOf('/', path.length - 2) + 1);
  if (name.startsWith(needle)) return 100;
  if (name.includes(needle)) return 80;
  if (path.startsWith(needle)) return 70;
  if (path.includes(needle)) return 50;
  return isSubsequence(needle, path) ? 10 : 0;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (let j = 0; j < haystack.length && i < needle.length; j++) if (haystack[j] === needle[i]) i++;
  return i === needle.length;
}

/** Every folder that contains one of the files, so folders can be mentioned too. */
export function withFolders(files: readonly string[]): PathSuggestion[] {
  const folders = new Set<string>();
  for (const file of files) {
    for (let i = file.indexOf('/'); i !== -1; i = file.indexOf('/', i + 1)) folders.add(file.slice(0, i));
  }
  return [...files.map((path) => ({ path, kind: 'file' as const })), ...[...folders].map((path) => ({ path, kind: 'directory' as const }))];
}
