import type { WorkspaceFs } from '../ports/workspaceFs';
import { GitignoreRules } from '../tools/gitignoreRules';
import { baseName } from '../tools/pathConfinement';
import { walkWorkspace } from '../tools/workspaceWalker';

/** Installed dependencies are not the user's code even when no .gitignore says so. */
const dependencyFolders = new Set(['node_modules']);

class KeywordSearchRules extends GitignoreRules {
  override async matches(path: string, isDirectory: boolean): Promise<boolean> {
    return (isDirectory && dependencyFolders.has(baseName(path))) || super.matches(path, isDirectory);
  }
}

/** Bounds the walk in a huge workspace; a keyword search past this point would be too slow to wait for anyway. */
export const maxListedFiles = 50_000;

/**
 * Files and symbolic links (checked later, never followed here) a keyword can match: not ignored by
 * .gitignore, outside `.git` and `node_modules`, sorted by path.
 */
export async function listSearchableFiles(fs: WorkspaceFs): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of walkWorkspace(fs, '.', { rules: new KeywordSearchRules(fs) })) {
    if (entry.type === 'directory') continue;
    files.push(entry.path);
    if (files.length >= maxListedFiles) break;
  }
  return files.sort(byPath);
}

/** Code-unit order: the same on every machine and locale. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
