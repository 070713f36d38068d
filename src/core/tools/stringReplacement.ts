import { containsNeutralisedMarkup, restoreOwnMarkup } from '../context/untrustedMarkup';
import { findMostSimilarRegion } from './similarText';
import { lineNumberAt, numberLines, splitLines } from './textLines';
import { percent } from './textSimilarity';
import { ToolFailure } from './toolResults';

export interface Replacement {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

const minHintSimilarity = 0.3;

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/** Why old_string did not match, with the closest region of the file so the model can correct itself. */
function noMatchMessage(text: string, needle: string, path: string): string {
  const parts = [`old_string was not found in '${path}' (0 matches).`];
  if (needle.split('\n').every((l) => /^\s*\d+\t/.test(l))) {
    parts.push('It looks like it includes the line-number prefixes shown by Read; leave those out.');
  }
  const region = findMostSimilarRegion(splitLines(text), needle);
  if (region && region.similarity >= minHintSimilarity) {
    const range = region.startLine === region.endLine ? `line ${region.startLine}` : `lines ${region.startLine}-${region.endLine}`;
    parts.push(`The most similar text is at ${range} (${percent(region.similarity)} similar, needs 100%):\n${numberLines(region.lines, region.startLine)}`);
    if (region.sameIgnoringWhitespace) parts.push('It differs only in indentation or surrounding whitespace.');
  } else {
    parts.push('No similar text was found.');
  }
  parts.push('Read the file again if needed and copy old_string exactly, including whitespace and indentation.');
  return parts.join('\n');
}

/** Applies one replacement to '\n'-normalized text, or throws a ToolFailure explaining why it can't. */
export function applyReplacement(text: string, edit: Replacement, path: string): { text: string; count: number } {
  let oldString = edit.old_string.replace(/\r\n/g, '\n');
  let newString = edit.new_string.replace(/\r\n/g, '\n');
  // Read shows `<` of CodeAgent's own tag names as `&lt;` (untrustedMarkup); text copied from it means `<`.
  if (!text.includes(oldString) && containsNeutralisedMarkup(oldString) && text.includes(restoreOwnMarkup(oldString))) {
    oldString = restoreOwnMarkup(oldString);
    newString = restoreOwnMarkup(newString);
  }
  if (oldString === '') {
    throw new ToolFailure('invalid_edit', 'old_string is empty. Give the exact text to replace; to create or overwrite a whole file use Write.');
  }
  if (oldString === newString) throw new ToolFailure('no_change', 'old_string and new_string are identical; there is nothing to change.');

  const found = occurrences(text, oldString);
  if (found.length === 0) throw new ToolFailure('no_match', noMatchMessage(text, oldString, path));
  if (found.length > 1 && !edit.replace_all) {
    const lines = found.map((i) => lineNumberAt(text, i));
    throw new ToolFailure(
      'not_unique',
      `old_string matches ${found.length} places in '${path}' (lines ${lines.join(', ')}). Include more surrounding lines to make it unique, or set replace_all to true to change every occurrence.`,
    );
  }

  let out = '';
  let from = 0;
  for (const i of found) {
    out += text.slice(from, i) + newString;
    from = i + oldString.length;
  }
  return { text: out + text.slice(from), count: found.length };
}
