import type { ReviewHunk } from './reviewHunk';

/** How one hunk is drawn: its added lines highlighted, and where its removed lines are shown (the line they stood before). */
export interface HunkMark {
  id: string;
  /** Added lines [start, end); empty for a pure deletion. */
  start: number;
  end: number;
  /** The line that carries the CodeLens and the removed lines' note (the last line when the deletion was at the end). */
  anchor: number;
  removed: readonly string[];
  touched: boolean;
}

/** The marks of a file's hunks, clamped to its line count (a file changed outside VS Code may have shrunk). */
export function hunkMarks(hunks: readonly ReviewHunk[], lineCount: number): HunkMark[] {
  const last = Math.max(lineCount - 1, 0);
  return hunks.map((hunk) => {
    const start = Math.min(hunk.start, lineCount);
    const end = Math.min(hunk.end, lineCount);
    return { id: hunk.id, start, end, anchor: Math.min(start, last), removed: hunk.original, touched: hunk.touched };
  });
}
