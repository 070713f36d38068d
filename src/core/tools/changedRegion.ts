import { createTwoFilesPatch, structuredPatch } from 'diff';
import { numberLines, splitLines } from './textLines';
import { countOf } from '../plural';

export interface ChangedRegion {
  /** Lines of the new text that differ, 1-based inclusive; end < start for a pure deletion. */
  startLine: number;
  endLine: number;
  /** Numbered lines of the new text around every change (≤ maxLines), '…' between distant changes. */
  snippet: string;
  hunks: number;
}

/** Where `after` differs from `before`, and a short numbered view of it for the model. */
export function changedRegion(before: string, after: string, contextLines = 2, maxLines = 50): ChangedRegion | undefined {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 0 });
  if (patch.hunks.length === 0) return undefined;
  const afterLines = splitLines(after);
  const spans = patch.hunks.map((h) => {
    const start = h.newLines === 0 ? h.newStart + 1 : h.newStart;
    return { start, end: start + h.newLines - 1 };
  });
  const first = spans[0]!;
  const last = spans[spans.length - 1]!;

  const windows: { from: number; to: number }[] = [];
  for (const s of spans) {
    const from = Math.max(1, s.start - contextLines);
    const to = Math.min(afterLines.length, Math.max(s.end, s.start - 1) + contextLines);
    const previous = windows[windows.length - 1];
    if (previous && from <= previous.to + 1) previous.to = Math.max(previous.to, to);
    else windows.push({ from, to });
  }
  const parts: string[] = [];
  let budget = maxLines;
  for (const w of windows) {
    if (budget <= 0) {
      parts.push('… (more changes not shown)');
      break;
    }
    const to = Math.min(w.to, w.from + budget - 1);
    const shown = numberLines(afterLines.slice(w.from - 1, to), w.from);
    parts.push(to < w.to ? `${shown}\n… (${countOf(w.to - to, 'more line', 'more lines')})` : shown);
    budget -= to - w.from + 1;
  }
  return { startLine: first.start, endLine: last.end, snippet: parts.join('\n…\n'), hunks: spans.length };
}

export function describeRange(region: ChangedRegion): string {
  if (region.endLine < region.startLine) return `lines removed at line ${region.startLine}`;
  return region.startLine === region.endLine ? `line ${region.startLine}` : `lines ${region.startLine}-${region.endLine}`;
}

/** Unified diff without the file headers, for telling the model what the user changed. */
export function unifiedDiff(before: string, after: string, beforeLabel = 'before', afterLabel = 'after'): string {
  return createTwoFilesPatch(beforeLabel, afterLabel, before, after, undefined, undefined, { context: 2 })
    .split('\n')
    .filter((line) => !line.startsWith('===='))
    .join('\n')
    .trim();
}
