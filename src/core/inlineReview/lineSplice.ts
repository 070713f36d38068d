/**
 * A change of a file seen line by line: lines [start, start + deleted) of the old text became `inserted` lines.
 * Enough to move hunks; the text itself is never needed for that.
 */
export interface LineSplice {
  start: number;
  deleted: number;
  inserted: number;
}

/** A text change as an editor reports it: a range of the old text (0-based lines and columns) and its new text. */
export interface TextChange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
  text: string;
}

/**
 * The lines a text change really touches. Whole lines inserted or removed at a line start (Enter at column 0,
 * a pasted block, a deleted line) touch no neighbour, so a hunk just below only moves; any other change touches
 * every line of its range.
 */
export function spliceOf(change: TextChange): LineSplice {
  const newLines = countNewlines(change.text);
  const wholeLines = change.startCharacter === 0 && change.endCharacter === 0 && (change.text === '' || change.text.endsWith('\n'));
  if (wholeLines) return { start: change.startLine, deleted: change.endLine - change.startLine, inserted: newLines };
  return { start: change.startLine, deleted: change.endLine - change.startLine + 1, inserted: newLines + 1 };
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** A file's text as an editor numbers its lines: without a BOM, split at LF or CRLF, a final newline giving an empty last line. */
export function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}
