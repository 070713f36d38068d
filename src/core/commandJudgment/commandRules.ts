/**
 * Spec §23: an entry of `approval.commandAllowList` or `approval.commandDenyList` is a command (`npm test`), a prefix
 * with `*` (`git commit *`) or a `/regex/`. It is matched against one sub-command's text, never a whole line's prefix.
 */

function regexOf(rule: string): RegExp | undefined {
  if (rule.length < 2 || !rule.startsWith('/') || !rule.endsWith('/')) return undefined;
  try {
    return new RegExp(rule.slice(1, -1));
  } catch {
    return undefined;
  }
}

const spaces = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Whether `rule` covers `text` (a sub-command's words joined by single spaces). An invalid regex covers nothing. */
export function ruleMatches(rule: string, text: string): boolean {
  const trimmed = rule.trim();
  if (trimmed === '') return false;
  if (trimmed.startsWith('/') && trimmed.endsWith('/') && trimmed.length >= 2) return regexOf(trimmed)?.test(text) ?? false;
  const wanted = spaces(trimmed);
  if (!wanted.endsWith('*')) return spaces(text) === wanted;
  const prefix = wanted.slice(0, -1);
  // `git commit *` covers `git commit` too; `build:*` covers `build:dev`.
  return spaces(text).startsWith(prefix) || (prefix.endsWith(' ') && spaces(text) === prefix.trimEnd());
}

/** The first rule of `rules` covering any of `texts`, or undefined. */
export function matchingRule(rules: readonly string[], texts: readonly string[]): string | undefined {
  return rules.find((rule) => texts.some((text) => ruleMatches(rule, text)));
}

/** An allow-list entry that would let everything through is ignored: a bare `*`, or an empty prefix. */
export function allowRuleUsable(rule: string): boolean {
  const trimmed = spaces(rule);
  return trimmed !== '' && trimmed !== '*' && trimmed !== '//' && !/^\/(\.\*|\^?\.\*\$?)?\/$/.test(trimmed);
}

const plainWord = /^[A-Za-z0-9_][\w.:@+/-]*$/;

/**
 * The narrowest rule that covers a sub-command for `Always allow`: its leading plain words (command and
 * subcommand, at most three) then `*` when options follow (`git commit *` for `git commit -m "fix"`), else the
 * sub-command itself (`npm run build`). Never a bare `*` nor one word and `*`.
 */
export function narrowestRule(words: readonly string[], text: string): string {
  const leading: string[] = [];
  for (const word of words) {
    if (leading.length === 3 || !plainWord.test(word)) break;
    leading.push(word);
  }
  const exact = spaces(text);
  if (leading.length === words.length && exact === words.join(' ')) return exact.endsWith('*') ? exactRegex(exact) : exact;
  if (leading.length >= 2 && words[leading.length]?.startsWith('-') && exact === words.join(' ')) return `${leading.join(' ')} *`;
  return exact.endsWith('*') || (exact.startsWith('/') && exact.endsWith('/')) ? exactRegex(exact) : exact;
}

function exactRegex(text: string): string {
  return `/^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;
}
