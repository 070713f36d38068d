/**
 * Whether an `@` at `at` can start a mention: not when glued to a preceding ASCII letter or digit,
 * as in `a@b.com`. ASCII only, so Chinese prose written without spaces (`请看@src/a.ts`) still mentions.
 */
export function canStartMention(text: string, at: number): boolean {
  return at === 0 || !/[A-Za-z0-9]/.test(text[at - 1]!);
}
