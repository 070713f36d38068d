/** At most `max` characters of `text`, keeping its end (a process's latest output matters most). */
export function clipTail(text: string, max: number, dropped = 0): string {
  const omitted = dropped + Math.max(0, text.length - max);
  if (omitted === 0) return text;
  return `(… ${omitted} earlier characters omitted)\n${text.slice(-max)}`;
}
