import { canStartMention } from './mentionBoundary';

/** An `@path` as written, before anyone checks that the path exists. `start` is the `@`, `end` is exclusive. */
export interface MentionCandidate {
  raw: string;
  start: number;
  end: number;
}

// Spec §5 / seed 001 §A7 verbatim; the optional group is redundant with the class but kept to match the contract.
const mentionPattern = /@([a-zA-Z0-9/._-]+(?:\.[a-zA-Z0-9]+)?)/g;

/** Every `@path`-shaped token in the text, in order; `a@b.com` and the `@file:` smart-context syntax are not candidates. */
export function findMentionCandidates(text: string): MentionCandidate[] {
  const candidates: MentionCandidate[] = [];
  for (const match of text.matchAll(mentionPattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!canStartMention(text, start)) continue;
    if (match[1] === 'file' && text[end] === ':') continue;
    candidates.push({ raw: match[1]!, start, end });
  }
  return candidates;
}
