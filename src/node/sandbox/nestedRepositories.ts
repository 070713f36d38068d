import { readdirSync } from 'node:fs';
import * as path from 'node:path';

const skipped = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', 'build', 'target', '.cache', '.venv', 'venv']);

/**
 * The folders below `root` (not `root` itself), at most `depth` levels down, that hold a `.git` folder of their own:
 * their hooks and config run code as the root's do, so the sandbox protects them too.
 */
export function nestedRepositories(root: string, depth = 3, limit = 200): string[] {
  const found: string[] = [];
  const visit = (dir: string, level: number) => {
    if (level > depth || found.length >= limit) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (level > 0 && entries.some((entry) => entry.name === '.git' && entry.isDirectory())) found.push(dir);
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.isSymbolicLink() && !skipped.has(entry.name)) visit(path.join(dir, entry.name), level + 1);
    }
  };
  visit(root, 0);
  return found;
}
