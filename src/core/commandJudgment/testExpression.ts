/**
 * Spec §23: `[[ ]]`, `[ ]` and `test` with operators that only compare strings or look at files. Arithmetic
 * comparisons (`-eq`…) evaluate their operands in `[[ ]]`, and `-v`/`-R` evaluate an array subscript: bash runs
 * the `$(…)` in `'a[$(touch x)]'` even though it is quoted. Those, and any operator not listed, ask.
 */
const operators = new Set(['!', '(', ')', '&&', '||', '=', '==', '!=', '<', '>', '=~', '-a', '-o',
  '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x', '-G', '-L', '-N', '-O', '-S', '-z', '-n',
  '-nt', '-ot', '-ef', '[[', ']]', '[', ']']);

/** The first word of a test (its name included) that is an operator not known to be safe, or undefined. */
export function unsafeTestWord(words: readonly string[]): string | undefined {
  return words.find((word) => (word.startsWith('-') && word !== '-' && !operators.has(word)) || (/^[=!<>]/.test(word) && !operators.has(word)));
}
