import type { HistoryMessage } from './historyMessage';

export interface HistoryRounds {
  /** Everything up to and including the last summary: already archived, never summarised again. */
  archived: HistoryMessage[];
  /**
   * The messages after it, oldest first. A round runs from a `user` message to the assistant's final answer,
   * tool calls and results included; messages before the first user message form a round of their own.
   */
  rounds: HistoryMessage[][];
}

/**
 * Splits history at every message of kind `user`. Tool results never open a round, even when the xml
 * protocol sends them with role `user`, so a round boundary never falls between a tool call and its result.
 */
export function splitIntoRounds(history: readonly HistoryMessage[]): HistoryRounds {
  const archivedCount = lastSummaryIndex(history) + 1;
  const rounds: HistoryMessage[][] = [];
  let current: HistoryMessage[] | undefined;
  for (let i = archivedCount; i < history.length; i++) {
    const message = history[i]!;
    if (message.kind === 'user' || !current) {
      current = [];
      rounds.push(current);
    }
    current.push(message);
  }
  return { archived: history.slice(0, archivedCount), rounds };
}

function lastSummaryIndex(history: readonly HistoryMessage[]): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.kind === 'summary') return i;
  return -1;
}
