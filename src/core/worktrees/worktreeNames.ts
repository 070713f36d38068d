import { branchPrefix } from './worktreeRecord';

/**
 * A short name for a new worktree: a few words of `seed` (what the user asked, when known) and a random suffix,
 * lowercase letters, digits and dashes only, so it is a valid branch name and folder name everywhere.
 */
export function shortName(seed: string, suffix: string): string {
  const words = seed.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 24) break;
    slug = next;
  }
  return `${slug || 'chat'}-${suffix.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 6) || '0'}`;
}

export function branchOf(short: string): string {
  return `${branchPrefix}${short}`;
}

/**
 * A folder name for the repository at `repoRoot` under the extension's storage: its base name and a hash of the
 * whole path, so two clones named alike never share a folder.
 */
export function repositoryKey(repoRoot: string): string {
  const name = repoRoot.replace(/[\\/]+$/, '').split(/[\\/]/).at(-1)?.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'repository';
  return `${name}-${fnv1a(repoRoot).toString(16).padStart(8, '0')}`;
}

/** 32-bit FNV-1a of the string's UTF-16 code units: a stable short hash, not a secure one. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
