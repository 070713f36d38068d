import { normalizeText, restoreShape } from '../tools/textLines';

/**
 * What to write after a review: undefined when the user left the proposal as it was. An editor may show
 * a CRLF or BOM file without them; such differences are not the user's edits (no phantom changes), and
 * the user's text is written back in the proposal's line endings and BOM.
 */
export function reviewedText(proposed: string, editorText: string): string | undefined {
  const proposal = normalizeText(proposed);
  const edited = normalizeText(editorText);
  if (edited.text === proposal.text) return undefined;
  return restoreShape(edited.text, proposal.shape);
}
