import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import type { Clock } from '../ports/clock';
import { planCompaction, type CompactionPlan } from './compactionPlan';
import type { HistoryMessage } from './historyMessage';
import { raceSummaryDeadline } from './summaryDeadline';
import { userErrorMessage } from '../errorMessage';
import { english, type Translator } from '../ports/translator';

/** The span of history a summary replaces, as stored on the summary message. */
export type SummaryRange = NonNullable<HistoryMessage['summaryOf']>;

/** Produces the summary text of a segment; the signal aborts when compaction gives up on it (timeout or cancel). */
export type Summarize = (segment: HistoryMessage[], range: SummaryRange, signal: AbortSignal) => Promise<string>;

export function summaryTimedOutMessage(l10n: Translator = english): string {
  return l10n.t('Summary generation timed out, keeping recent history only.');
}

export function summaryFailedMessage(reason: string, l10n: Translator = english): string {
  return l10n.t('Summary generation failed ({0}), keeping recent history only.', reason);
}

export interface CompactionOptions {
  keepRecentRounds: number;
  summarize: Summarize;
  timeoutMs: number;
  clock: Clock;
  newId: () => string;
  /** The user's cancel: compaction then rejects with its reason and the caller's history stays as it was. */
  signal?: AbortSignal;
  /** Called once the split is known and the summary is about to be requested (for progress). */
  onSummarizing?: (plan: CompactionPlan) => void;
  /** Words fallbackMessage for the user (spec §20); English when absent. */
  l10n?: Translator;
}

export type CompactionOutcome = 'summarized' | 'fellBack' | 'nothingToDo';

export interface CompactionResult {
  history: HistoryMessage[];
  outcome: CompactionOutcome;
  /** Messages replaced by the summary, or dropped by the fallback. */
  summarizedCount: number;
  keptRounds: number;
  summary?: HistoryMessage;
  /** On fellBack: what to tell the user. */
  fallbackMessage?: string;
}

/**
 * Seed 001 §A4/§A5/§E2: summarises the messages between the last summary and the kept rounds into one new
 * summary placed after the existing ones. On timeout or failure it drops that segment instead. Never mutates `history`.
 */
export async function compactHistory(history: readonly HistoryMessage[], options: CompactionOptions): Promise<CompactionResult> {
  const plan = planCompaction(history, options.keepRecentRounds);
  const { archived, segment, kept, keptRounds } = plan;
  if (segment.length === 0) return { history: [...history], outcome: 'nothingToDo', summarizedCount: 0, keptRounds };

  const range: SummaryRange = { fromTime: segment[0]!.createdAt, toTime: segment.at(-1)!.createdAt, messageCount: segment.length };
  options.onSummarizing?.(plan);
  const attempt = await raceSummaryDeadline((signal) => options.summarize(segment, range, signal), options);
  const text = attempt.status === 'done' ? attempt.text.trim() : '';
  if (!text) {
    const l10n = options.l10n ?? english;
    const fallbackMessage = attempt.status === 'failed'
      ? summaryFailedMessage(userErrorMessage(attempt.error, l10n), l10n)
      : attempt.status === 'timedOut' ? summaryTimedOutMessage(l10n) : summaryFailedMessage(l10n.t('the summary was empty'), l10n);
    return { history: [...archived, ...kept], outcome: 'fellBack', summarizedCount: segment.length, keptRounds, fallbackMessage };
  }
  const summary: HistoryMessage = {
    id: options.newId(),
    createdAt: options.clock.now(),
    kind: 'summary',
    role: 'system',
    // The summary becomes a system message, written by a model that read the untrusted tool results.
    content: neutraliseOwnMarkup(text),
    summaryOf: range,
  };
  return { history: [...archived, summary, ...kept], outcome: 'summarized', summarizedCount: segment.length, keptRounds, summary };
}
