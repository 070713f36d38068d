import { normalizeText, restoreShape } from '../tools/textLines';
import { multiEditPreview } from './multiEditPreview';

/**
 * The proposal as far as the model has streamed it: a Write's content so far; an Edit's replacement once
 * its old_string is complete and found exactly once; a MultiEdit's edits so far (multiEditPreview). undefined
 * while there is nothing sensible to show.
 */
export function livePreview(tool: string, before: string, params: Readonly<Record<string, string>>): string | undefined {
  const original = normalizeText(before);
  if (tool === 'Write') {
    if (params.content === undefined) return undefined;
    return before === '' ? params.content : restoreShape(normalizeText(params.content).text, original.shape);
  }
  if (tool === 'Edit') {
    const oldString = params.old_string;
    if (oldString === undefined || params.new_string === undefined || oldString === '') return undefined;
    const old = normalizeText(oldString).text;
    const at = original.text.indexOf(old);
    if (at < 0 || original.text.indexOf(old, at + 1) >= 0) return undefined;
    const replaced = original.text.slice(0, at) + normalizeText(params.new_string).text + original.text.slice(at + old.length);
    return restoreShape(replaced, original.shape);
  }
  if (tool === 'MultiEdit') return multiEditPreview(before, params.edits);
  return undefined;
}
