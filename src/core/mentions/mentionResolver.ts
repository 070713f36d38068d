import type { FileType, WorkspaceFs } from '../ports/workspaceFs';
import { findMentionCandidates } from './mentionCandidates';
import { pathSpellings } from './pathSpellings';
import { lookUpWorkspacePath, type PathLookup } from './workspacePathLookup';

/** A mention of an existing workspace file or folder. `path` is workspace-relative and normalized; `start`/`end` span the `@…` text. */
export interface Mention {
  path: string;
  kind: FileType;
  start: number;
  end: number;
}

export interface ResolvedMentions {
  /** Each mentioned path once, at its first occurrence, in order of appearance. */
  mentions: Mention[];
  /** Every occurrence in the text, repeats included, for rendering each one as a chip. */
  occurrences: Mention[];
}

/** A pasted log can hold thousands of `@tokens`; past this many distinct spellings the rest are left as plain text. */
export const maxCheckedSpellings = 200;

/** The `@path` mentions that name an existing file or folder inside the workspace; anything else stays plain text. */
export async function resolveMentions(text: string, fs: WorkspaceFs): Promise<ResolvedMentions> {
  const lookups = new Map<string, Promise<PathLookup>>();
  const lookUp = (spelling: string): Promise<PathLookup> | undefined => {
    let lookup = lookups.get(spelling);
    if (!lookup) {
      if (lookups.size >= maxCheckedSpellings) return undefined;
      lookup = lookUpWorkspacePath(fs, spelling);
      lookups.set(spelling, lookup);
    }
    return lookup;
  };

  const occurrences: Mention[] = [];
  for (const candidate of findMentionCandidates(text)) {
    for (const spelling of pathSpellings(candidate.raw)) {
      const lookup = await lookUp(spelling);
      // The workspace root itself ('@.', '@./') is punctuation far more often than a request to read everything.
      if (lookup?.status !== 'found' || lookup.path === '.') continue;
      occurrences.push({ path: lookup.path, kind: lookup.kind, start: candidate.start, end: candidate.start + 1 + spelling.length });
      break;
    }
  }

  const firstByPath = new Map<string, Mention>();
  for (const occurrence of occurrences) if (!firstByPath.has(occurrence.path)) firstByPath.set(occurrence.path, occurrence);
  return { mentions: [...firstByPath.values()], occurrences };
}
