const maxTitleLength = 60;

/**
 * The history view's title: the first non-empty line of the first user message, cut to 60 characters. '' when it
 * has no text (images only): the conversation stays untitled, which the panel and the host word in the user's
 * language ("New conversation", spec §20), and the next message with text names it.
 */
export function titleFrom(firstUserText: string): string {
  const firstLine = firstUserText.split(/\r?\n/).map((line) => line.trim()).find((line) => line.length > 0);
  if (!firstLine) return '';
  const oneLine = firstLine.replace(/\s+/g, ' ');
  // Count code points so an emoji or a CJK surrogate pair is never cut in half.
  const chars = Array.from(oneLine);
  if (chars.length <= maxTitleLength) return oneLine;
  return chars.slice(0, maxTitleLength - 1).join('').trimEnd() + '…';
}
