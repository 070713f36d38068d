import { mergeAgentEdit } from './agentEditMerge';
import type { LineSplice } from './lineSplice';
import { shifted, type ReviewHunk } from './reviewHunk';

/** Lines [start, end) of the file as it is now become `lines`. */
export interface LineReplacement {
  start: number;
  end: number;
  lines: string[];
}

export type UndoPlan =
  | { ok: true; hunk: ReviewHunk; replacement: LineReplacement }
  | { ok: false; message: string };

/**
 * The undecided hunks of one file, kept in step with the file (spec §15): the agent's writes add and merge
 * hunks, anyone's other edits move them, and an edit of a hunk's own lines marks it touched. Sorted, disjoint.
 */
export class FileHunks {
  private list: ReviewHunk[];

  constructor(hunks: readonly ReviewHunk[] = [], private readonly newId: () => string) {
    this.list = [...hunks];
  }

  get hunks(): readonly ReviewHunk[] {
    return this.list;
  }

  agentEdit(before: readonly string[], after: readonly string[]): void {
    this.list = mergeAgentEdit(this.list, before, after, this.newId);
  }

  /** An edit that is not the agent's: hunks below move, a hunk whose lines it meets grows over it and is touched. */
  otherEdit(splice: LineSplice): boolean {
    const { start, deleted, inserted } = splice;
    const delta = inserted - deleted;
    let changed = false;
    // Hunks ending above the splice are untouched; a binary search keeps a keystroke's cost independent of their number.
    for (let i = this.firstNotAbove(start); i < this.list.length; i++) {
      const hunk = this.list[i]!;
      const place = placeOf(hunk, splice);
      if (place === 'spliceBelow') continue;
      if (place === 'spliceAbove') {
        if (delta === 0) break;
        this.list[i] = shifted(hunk, delta);
      } else {
        this.list[i] = { ...hunk, start: Math.min(hunk.start, start), end: Math.max(hunk.end, start + deleted) + delta, touched: true };
      }
      changed = true;
    }
    if (changed) this.list = mergeOverlapping(this.list);
    return changed;
  }

  keep(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((h) => h.id !== id);
    return this.list.length !== before;
  }

  /**
   * Undo of one hunk against the file's lines as they are now: refused when its lines are no longer the agent's
   * (someone typed in it), else its original comes back and the hunks below move.
   */
  undo(id: string, lineAt: (line: number) => string | undefined, path: string): UndoPlan {
    const index = this.list.findIndex((h) => h.id === id);
    const hunk = this.list[index];
    if (!hunk) return { ok: false, message: `That change to ${path} is no longer marked (kept, undone or reverted already).` };
    const lines = `${hunk.start + 1}–${Math.max(hunk.end, hunk.start + 1)}`;
    if (hunk.touched || !this.holdsAgentText(hunk, lineAt)) {
      return { ok: false, message: `Not undone: lines ${lines} of ${path} were changed since the agent's edit, and undoing would lose those changes. Edit them by hand, or Keep the change.` };
    }
    this.list.splice(index, 1);
    const delta = hunk.original.length - hunk.agent.length;
    for (let i = index; i < this.list.length; i++) this.list[i] = shifted(this.list[i]!, delta);
    return { ok: true, hunk, replacement: { start: hunk.start, end: hunk.end, lines: hunk.original } };
  }

  private holdsAgentText(hunk: ReviewHunk, lineAt: (line: number) => string | undefined): boolean {
    if (hunk.end - hunk.start !== hunk.agent.length) return false;
    return hunk.agent.every((text, i) => lineAt(hunk.start + i) === text);
  }

  /** The first hunk that does not end above `line` (one ending exactly at it may still be met by an insertion there). */
  private firstNotAbove(line: number): number {
    let low = 0;
    let high = this.list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.list[mid]!.end < line) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/**
 * Where a splice lies against a hunk. Whole lines inserted at a hunk's first line go above it, at the line after
 * its end below it; a pure deletion's mark (start === end) stays with the line that follows it.
 */
function placeOf(hunk: ReviewHunk, splice: LineSplice): 'spliceAbove' | 'spliceBelow' | 'inside' {
  const { start, deleted } = splice;
  if (deleted === 0) {
    if (start <= hunk.start) return 'spliceAbove';
    return start >= hunk.end ? 'spliceBelow' : 'inside';
  }
  if (start >= hunk.end) return 'spliceBelow';
  return start + deleted <= hunk.start ? 'spliceAbove' : 'inside';
}

/** Touched hunks that grew into each other become one (still touched: neither can be undone alone any more). */
function mergeOverlapping(hunks: ReviewHunk[]): ReviewHunk[] {
  const merged: ReviewHunk[] = [];
  for (const hunk of hunks) {
    const last = merged[merged.length - 1];
    if (last && hunk.start < last.end) {
      merged[merged.length - 1] = { ...last, end: Math.max(last.end, hunk.end), original: [...last.original, ...hunk.original], agent: [...last.agent, ...hunk.agent], touched: true };
    } else merged.push(hunk);
  }
  return merged;
}
