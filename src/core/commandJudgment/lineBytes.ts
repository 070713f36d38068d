/**
 * Spec §23: bytes bash and the parser could read differently. tree-sitter takes CR, VT and FF for blanks where bash
 * takes them for part of a word (`ls \r#; touch x` runs `touch`); NUL ends bash's string early; a non-breaking
 * space looks like a blank and is not one; invisible and direction marks change what the card shows.
 * Printable ASCII, space, tab and newline are known to be read alike; non-ASCII is checked against the parse
 * (only inside quotes, src/node/shell/lineCoverage.ts).
 */
const unsafe = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]/;

/** What makes this line unsafe to judge, for the card (`a control character (U+000D)`), or undefined. */
export function unsafeCharacter(line: string): string | undefined {
  const found = unsafe.exec(line);
  if (!found) return undefined;
  const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return code < '00A0' ? `a control character (U+${code})` : `an invisible or look-alike character (U+${code})`;
}
