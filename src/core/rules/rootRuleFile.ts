import type { DirEntry } from '../ports/workspaceFs';

/**
 * The root entry named `canonicalName` in any letter case (`CODE_LAW.md`, `code_law.md`, `Code_Law.MD`).
 * On a case-sensitive disk several may exist: the canonical spelling wins, then the first by name.
 */
export function findRootRuleFile(rootEntries: readonly DirEntry[], canonicalName: string): string | undefined {
  const wanted = canonicalName.toLowerCase();
  const names = rootEntries
    .filter((e) => (e.type === 'file' || e.type === 'symlink') && e.name.toLowerCase() === wanted)
    .map((e) => e.name)
    .sort();
  return names.includes(canonicalName) ? canonicalName : names[0];
}
