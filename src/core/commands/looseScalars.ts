/** The keys whose value is plain text even when YAML would read it otherwise. */
const textKeys = /^(description|argument-hint)([ \t]*:[ \t]+)(.*)$/;

/**
 * Claude Code's own examples write `argument-hint: [pr-number] [priority]` unquoted, which strict YAML rejects
 * (and `[message]` alone would be a list): an unquoted value of these keys is taken as the text it shows.
 */
export function quoteLooseScalars(text: string, maxChars: number): string {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (!/^---[ \t]*\r?$/.test(lines[0] ?? '')) return text;
  let seen = 0;
  for (let i = 1; i < lines.length && seen < maxChars; i++) {
    const line = lines[i]!;
    seen += line.length + 1;
    if (/^(?:---|\.\.\.)[ \t]*\r?$/.test(line)) return lines.join('\n');
    const match = textKeys.exec(line.replace(/\r$/, ''));
    const value = match?.[3]?.trim();
    if (!match || !value || /^["'|>&*!]/.test(value)) continue;
    lines[i] = `${match[1]}${match[2]}${JSON.stringify(value.replace(/[ \t]+#.*$/, ''))}`;
  }
  return text;
}
