import type { TextReplacement } from '../ports/languageServices';
import { ToolFailure } from '../tools/toolResults';

/** Offsets where each line starts, with \r\n, \n and \r all ending a line as in the editor. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

/**
 * A file's text with a language server's replacements applied. Positions are those of the editor's
 * document: lines and UTF-16 characters of the text without its BOM, which is kept.
 */
export function applyReplacements(raw: string, replacements: readonly TextReplacement[], path: string): string {
  const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = raw.slice(bom.length);
  const starts = lineStarts(text);
  const offsetOf = (position: TextReplacement['start']) => {
    const lineStart = starts[position.line];
    if (lineStart === undefined) throw new ToolFailure('stale_edit', `The language server's edit of '${path}' points past its end; the file may have changed. Try again.`);
    return Math.min(lineStart + position.character, starts[position.line + 1] ?? text.length);
  };
  const ordered = replacements.map((r) => ({ start: offsetOf(r.start), end: offsetOf(r.end), newText: r.newText })).sort((a, b) => b.start - a.start);
  let result = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const r of ordered) {
    if (r.end > limit) throw new ToolFailure('overlapping_edits', `The language server's edits of '${path}' overlap; nothing was changed.`);
    result = result.slice(0, r.start) + r.newText + result.slice(r.end);
    limit = r.start;
  }
  return bom + result;
}
