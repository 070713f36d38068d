import { diffArrays } from 'diff';

/** One changed region between two line arrays: a's lines [aStart, aStart + aCount) became b's [bStart, bStart + bCount). */
export interface LineDiffHunk {
  aStart: number;
  aCount: number;
  bStart: number;
  bCount: number;
}

/**
 * The changed regions between two texts' lines. The common head and tail are cut first, so one edit in a long
 * file costs a scan, not a diff of the whole file.
 */
export function lineHunks(a: readonly string[], b: readonly string[]): LineDiffHunk[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const aMid = a.slice(head, a.length - tail);
  const bMid = b.slice(head, b.length - tail);
  if (aMid.length === 0 && bMid.length === 0) return [];
  if (aMid.length === 0 || bMid.length === 0) return [{ aStart: head, aCount: aMid.length, bStart: head, bCount: bMid.length }];
  const hunks: LineDiffHunk[] = [];
  let ai = head;
  let bi = head;
  let open: LineDiffHunk | undefined;
  for (const part of diffArrays(aMid, bMid)) {
    const count = part.value.length;
    if (!part.added && !part.removed) {
      if (open) hunks.push(open);
      open = undefined;
      ai += count;
      bi += count;
      continue;
    }
    open ??= { aStart: ai, aCount: 0, bStart: bi, bCount: 0 };
    if (part.removed) {
      open.aCount += count;
      ai += count;
    } else {
      open.bCount += count;
      bi += count;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}
