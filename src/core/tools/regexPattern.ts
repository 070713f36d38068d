/** Grep patterns: ripgrep syntax is what the model writes; a leading `(?i)` is the one flag JS needs translated. */
export function toJsRegExp(pattern: string): RegExp {
  const caseInsensitive = pattern.startsWith('(?i)');
  return new RegExp(caseInsensitive ? pattern.slice(4) : pattern, caseInsensitive ? 'i' : '');
}
