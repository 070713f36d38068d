/**
 * Spec §9's cheap estimate: a third of a token per ASCII character, one token per other character
 * (CJK, emoji…). A single pass over char codes, since it runs on every user message.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    // The low half of a surrogate pair belongs to the character its high half already counted.
    else if ((code & 0xfc00) !== 0xdc00) other++;
  }
  return Math.ceil(ascii / 3) + other;
}
