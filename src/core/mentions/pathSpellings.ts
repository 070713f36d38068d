/** What a sentence may put right after a path (`see @src/a.ts.`, `(@file:agent)`) that a path pattern swallows. */
const trailingPunctuation = /[.,;:!?)\]}'"]+$/;

/** The text as written, then without its trailing sentence punctuation: the form to try first is the literal one. */
export function pathSpellings(raw: string): string[] {
  const stripped = raw.replace(trailingPunctuation, '');
  return stripped !== '' && stripped !== raw ? [raw, stripped] : [raw];
}
