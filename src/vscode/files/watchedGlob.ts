/**
 * Splits a glob under `base` into the folder its literal leading segments name and the rest:
 * `~` + `.claude/commands/**\/*.md` → `~/.claude/commands` + `**\/*.md`. VS Code watches a RelativePattern's base
 * recursively whenever its pattern has a `/` or `**`, so a pattern left on the home folder made the file watcher
 * crawl the user's whole home (hundreds of thousands of folders, a core busy for minutes) to find one folder.
 */
export function watchedGlob(base: string, glob: string): { folder: string; pattern: string } {
  const segments = glob.split('/');
  let literal = 0;
  while (literal < segments.length - 1 && !/[*?[\]{}!]/.test(segments[literal]!)) literal++;
  const folder = [base.replace(/\/+$/, ''), ...segments.slice(0, literal)].join('/');
  return { folder, pattern: segments.slice(literal).join('/') };
}
