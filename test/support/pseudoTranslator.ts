import { english, type Translator } from '../../src/core/ports/translator';

/** Core's Translator in a pseudo-locale: every message wrapped `⟦…⟧`, so text that bypassed it shows up unwrapped. */
export const pseudo: Translator = { t: (message, ...args) => `⟦${english.t(message, ...args)}⟧` };

/** The text without its wrapped parts, nested ones too (a count inside a sentence). */
export function unwrap(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, '')];
  return rest;
}

/**
 * The texts with a letter outside the wrapped parts once the given data (names, paths, commands, a server's own
 * words) is taken out: they bypassed the translator. Each is reported with where it was shown.
 */
export function unwrapped(shown: ReadonlyArray<{ where: string; text: string }>, data: readonly string[] = []): Array<{ where: string; rest: string }> {
  const longestFirst = [...data].sort((a, b) => b.length - a.length);
  return shown
    .map(({ where, text }) => ({ where, rest: longestFirst.reduce((rest, datum) => rest.split(datum).join(''), unwrap(text)) }))
    .filter(({ rest }) => /\p{L}/u.test(rest));
}
