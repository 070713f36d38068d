import type { HistoryMessage } from '../history/historyMessage';

/**
 * What a shared agent sees of the main history: at most the last `maxMessages`, starting at a user message
 * or a summary (a round's start) when one lies in that window, and never at a tool result, whose call would be cut off.
 */
export function sharedHistoryView(mainHistory: readonly HistoryMessage[], maxMessages: number): HistoryMessage[] {
  const limit = Math.max(0, Math.floor(maxMessages));
  let start = Math.max(0, mainHistory.length - limit);
  if (start === 0) return [...mainHistory];
  const roundStart = mainHistory.findIndex((m, i) => i >= start && (m.kind === 'user' || m.kind === 'summary'));
  if (roundStart >= 0) start = roundStart;
  else while (start < mainHistory.length && mainHistory[start]!.kind === 'toolResult') start++;
  return mainHistory.slice(start);
}
