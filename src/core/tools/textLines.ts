/** Line handling shared by the file tools: numbering for the model, and keeping a file's EOL/BOM on edits. */

export const maxLineChars = 2000;

/** Lines of a text, without their terminators; a final newline does not start an extra line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function countLines(text: string): number {
  return splitLines(text).length;
}

/** `cat -n` style: right-aligned number, tab, the line (over-long lines cut and marked). */
export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  return lines
    .map((line, i) => {
      const shown = line.length > maxLineChars ? `${line.slice(0, maxLineChars)}… [line truncated, ${line.length} chars]` : line;
      return `${String(firstLineNumber + i).padStart(6)}\t${shown}`;
    })
    .join('\n');
}

/** 1-based line number of a character offset. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export interface TextShape {
  bom: boolean;
  eol: '\n' | '\r\n';
}

/** Content normalized to '\n' without BOM, so the model's strings match; `restoreShape` puts them back. */
export function normalizeText(raw: string): { text: string; shape: TextShape } {
  const bom = raw.startsWith('\uFEFF');
  const body = bom ? raw.slice(1) : raw;
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  return { text: eol === '\r\n' ? body.replace(/\r\n/g, '\n') : body, shape: { bom, eol } };
}

export function restoreShape(text: string, shape: TextShape): string {
  const withEol = shape.eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
  return shape.bom ? '\uFEFF' + withEol : withEol;
}

export function clip(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** The first whole lines, at most `maxLines` of them and `maxBytes` counting a newline after each (`bytesOf` sizes a line). */
export function leadingLinesWithin(lines: readonly string[], maxLines: number, maxBytes: number, bytesOf: (line: string) => number): string[] {
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines.slice(0, maxLines)) {
    const size = bytesOf(line) + 1;
    if (bytes + size > maxBytes) break;
    kept.push(line);
    bytes += size;
  }
  return kept;
}
