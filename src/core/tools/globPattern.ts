import picomatch from 'picomatch/posix';

/**
 * Glob patterns as used by Glob, Grep's `include`, rule `globs` and `@file:` (picomatch, POSIX paths):
 * `*` and `?` within a segment, `**` across segments, classes, `{a,b}`, escapes. Dotfiles match.
 */
export function globMatcher(glob: string, options: { nocase?: boolean } = {}): (relPath: string) => boolean {
  // ripgrep and .gitignore negate a class with `[!…]`; picomatch reads that `!` as an extglob.
  const source = glob.replace(/(^|[^\\])\[!/g, '$1[^');
  return picomatch(source, { dot: true, nocase: options.nocase ?? false });
}

/** The leading segments without glob syntax ('src/core' for 'src/core/**\/*.ts'), so a walk can start there. */
export function staticPrefix(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}()!+@\\]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
}

/** Matcher for a path relative to the search root; a pattern without '/' matches the file name at any depth, like ripgrep's --glob. */
export function includeMatcher(include: string): (relPath: string) => boolean {
  const matches = globMatcher(include);
  if (include.includes('/')) return matches;
  return (relPath) => matches(relPath.slice(relPath.lastIndexOf('/') + 1));
}

/** How deep below its base a glob can match: unbounded with `**`, else one level per segment. */
export function globDepth(glob: string): number | undefined {
  return glob.includes('**') ? undefined : glob.split('/').length;
}
