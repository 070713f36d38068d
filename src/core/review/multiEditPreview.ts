import { normalizeText, restoreShape } from '../tools/textLines';
import { partialEdits } from './partialEdits';

/**
 * A streaming MultiEdit's proposal: its usable edits applied in order, each to the result of the previous
 * one, as the tool will; the first that does not apply (old_string not found, or found more than once
 * without replace_all) and everything after it wait. undefined until one edit applies.
 */
export function multiEditPreview(before: string, editsText: string | undefined): string | undefined {
  if (editsText === undefined) return undefined;
  const original = normalizeText(before);
  let text = original.text;
  let applied = 0;
  for (const edit of partialEdits(editsText)) {
    const old = normalizeText(edit.old_string).text;
    if (old === '') break;
    const at = text.indexOf(old);
    if (at < 0) break;
    const replacement = normalizeText(edit.new_string).text;
    if (edit.replace_all) text = text.split(old).join(replacement);
    else if (text.indexOf(old, at + 1) >= 0) break;
    else text = text.slice(0, at) + replacement + text.slice(at + old.length);
    applied++;
  }
  return applied ? restoreShape(text, original.shape) : undefined;
}
