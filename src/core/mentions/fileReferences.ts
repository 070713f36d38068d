import { canStartMention } from './mentionBoundary';

/** An `@file:keyword` smart-context reference (seed 000 §2.1). `start` is the `@`, `end` is exclusive. */
export interface FileReference {
  keyword: string;
  start: number;
  end: number;
}

const fileReferencePattern = /@file:(\S+)/g;

export function findFileReferences(text: string): FileReference[] {
  const references: FileReference[] = [];
  for (const match of text.matchAll(fileReferencePattern)) {
    if (!canStartMention(text, match.index)) continue;
    references.push({ keyword: match[1]!, start: match.index, end: match.index + match[0].length });
  }
  return references;
}
