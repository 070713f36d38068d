import { diffLines } from 'diff';

/** 0-based line of the first difference between the two texts. */
export function firstChangedLine(before: string, after: string): number {
  let line = 0;
  for (const part of diffLines(before, after)) {
    if (part.added || part.removed) return line;
    line += part.count ?? 0;
  }
  return 0;
}
