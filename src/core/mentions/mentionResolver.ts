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
  /** `@path:L10-L20` (what "Send Selection" inserts): the lines the user pointed at, 1-based, inclusive. */
  lines?: { from: number; to: number };
}

const lineRange = /^:L(\d{1,9})(?:-L?(\d{1,9}))?(?![\w-])/;

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
      const end = candidate.start + 1 + spelling.length;
      const range = lookup.kind === 'file' ? lineRange.exec(text.slice(end)) : null;
      const occurrence: Mention = { path: lookup.path, kind: lookup.kind, start: candidate.start, end: end + (range?.[0].length ?? 0) };
      if (range) {
        const from = Number(range[1]);
        const to = Math.max(from, Number(range[2] ?? range[1]));
        occurrence.lines = { from, to };
      }
      occurrences.push(occurrence);
      break;
    }
  }

  const firstByPath = new Map<string, Mention>();
  const key = (m: Mention) => (m.lines ? `${m.path}:${m.lines.from}-${m.lines.to}` : m.path);
  for (const occurrence of occurrences) if (!firstByPath.has(key(occurrence))) firstByPath.set(key(occurrence), occurrence);
  return { mentions: [...firstByPath.values()], occurrences };
}
