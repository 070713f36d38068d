import { diffLines } from 'diff';

export interface LineCounts {
  added: number;
  removed: number;
}

/** +/− lines between two versions of a file (undefined: the file does not exist). */
export function lineCounts(before: string | undefined, after: string | undefined): LineCounts {
  const counts = { added: 0, removed: 0 };
  for (const part of diffLines(before ?? '', after ?? '')) {
    if (part.added) counts.added += part.count;
    else if (part.removed) counts.removed += part.count;
  }
  return counts;
}
