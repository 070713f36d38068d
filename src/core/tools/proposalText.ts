import { createTwoFilesPatch } from 'diff';

/**
 * A proposal shown in an editor, and back: the editor works in '\n' without a BOM, the file on
 * disk keeps its own line endings, BOM and (missing) final newline.
 */

export type Eol = '\n' | '\r\n';

const bomChar = '\uFEFF';

export interface TextShape {
  eol: Eol;
  bom: boolean;
  trailingNewline: boolean;
}

/** The line ending most lines use; '\n' for a text without any, and on a tie. */
export function detectEol(text: string): Eol {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const all = text.match(/\n/g)?.length ?? 0;
  return crlf > all - crlf ? '\r\n' : '\n';
}

export function hasBom(text: string): boolean {
  return text.startsWith(bomChar);
}

export function hasTrailingNewline(text: string): boolean {
  return text.endsWith('\n');
}

export function textShape(text: string): TextShape {
  return { eol: detectEol(text), bom: hasBom(text), trailingNewline: hasTrailingNewline(text) };
}

/** What the editor shows: no BOM, '\n' line endings; the final newline (or its absence) as in the file. */
export function toEditorText(fileText: string): string {
  const body = hasBom(fileText) ? fileText.slice(1) : fileText;
  return body.replace(/\r\n/g, '\n');
}

/**
 * What to write for `editorText`, shaped like `original` (the proposal the editor was filled
 * with): its BOM and majority line ending. Untouched text comes back byte for byte, so a file
 * with mixed line endings is not rewritten when the user changed nothing.
 */
export function fromEditorText(editorText: string, original: string): string {
  const text = toEditorText(editorText);
  if (text === toEditorText(original)) return original;
  const shape = textShape(original);
  const withEol = shape.eol === '\r\n' ? text.replace(/\n/g, '\r\n') : text;
  return shape.bom ? bomChar + withEol : withEol;
}

/**
 * The user's changes to the proposal as a unified diff, '' when there are none. Line endings and
 * the BOM are compared away: an editor that normalised them did not make a user edit.
 */
export function userEditDiff(proposed: string, accepted: string, path: string): string {
  const before = toEditorText(proposed);
  const after = toEditorText(accepted);
  if (before === after) return '';
  return createTwoFilesPatch(path, path, before, after, 'proposed by CodeAgent', 'accepted by the user', { context: 2 });
}
