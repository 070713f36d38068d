import type { HistoryMessage } from './historyMessage';
import { splitIntoRounds } from './rounds';

/** What a compaction would do to history; concatenating the three parts in order gives the history back. */
export interface CompactionPlan {
  /** Existing summaries (and anything before the last one): kept as they are. */
  archived: HistoryMessage[];
  /** The user/assistant/tool messages older than the kept rounds and newer than the last summary. */
  segment: HistoryMessage[];
  /** The most recent whole rounds, kept verbatim. */
  kept: HistoryMessage[];
  keptRounds: number;
}

/** Cuts history on a round boundary so that at least `keepRecentRounds` whole rounds stay verbatim. */
export function planCompaction(history: readonly HistoryMessage[], keepRecentRounds: number): CompactionPlan {
  const { archived, rounds } = splitIntoRounds(history);
  const keptRounds = Math.min(rounds.length, Math.max(1, Math.floor(keepRecentRounds)));
  const cut = rounds.length - keptRounds;
  return {
    archived,
    segment: rounds.slice(0, cut).flat(),
    kept: rounds.slice(cut).flat(),
    keptRounds,
  };
}
