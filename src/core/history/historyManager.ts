import type { EventSink } from '../events';
import type { Clock } from '../ports/clock';
import { english, type Translator } from '../ports/translator';
import type { Settings } from '../settings';
import { shouldCompact, usageTokens, type CompactionDecision } from './compactionTrigger';
import { compactHistory, type CompactionResult, type Summarize } from './historyCompactor';
import type { HistoryMessage } from './historyMessage';
import { splitIntoRounds, type HistoryRounds } from './rounds';
import { estimateTokens } from './tokenEstimate';

export type CompactionSettings = {
  model: Pick<Settings['model'], 'contextWindow'>;
  context: Pick<Settings['context'], 'compactThreshold' | 'keepRecentRounds' | 'summaryTimeoutSeconds'>;
};

export interface CompactIfNeededRequest {
  /** The user's new input, preprocessed, not yet in history. */
  input: string;
  /**
   * The previous API call's usage (input + output). Omit it to take the last usage recorded in history,
   * or an estimate of the whole history when none was recorded since the last compaction.
   */
  lastUsageTokens?: number;
  settings: CompactionSettings;
  summarize: Summarize;
  emit: EventSink;
  signal?: AbortSignal;
}

export interface CompactionReport {
  decision: CompactionDecision;
  /** Absent when the trigger did not fire. */
  result?: CompactionResult;
}

/** Owns a conversation's L3 messages: appends turns, splits rounds, and compacts when the next request would crowd the window. */
export class HistoryManager {
  private history: HistoryMessage[];
  /** The last call's usage while it still describes this history; undefined once a compaction made it stale. */
  private lastUsage: number | undefined;

  /** deps.l10n words the compaction's progress for the user (spec §20); English when absent. */
  constructor(private readonly deps: { clock: Clock; newId: () => string; l10n?: Translator }, initial: readonly HistoryMessage[] = []) {
    this.history = [...initial];
    this.lastUsage = lastUsageSinceLastSummary(this.history);
  }

  get messages(): readonly HistoryMessage[] {
    return this.history;
  }

  append(...messages: HistoryMessage[]): void {
    this.history.push(...messages);
    for (const message of messages) if (message.usage) this.lastUsage = usageTokens(message.usage);
  }

  /** Removes the last message if it is this one (a failed turn's message, run again); false when it is not. */
  dropLast(id: string): boolean {
    if (this.history.at(-1)?.id !== id) return false;
    this.history.pop();
    return true;
  }

  rounds(): HistoryRounds {
    return splitIntoRounds(this.history);
  }

  /** Checked when a user message arrives, before it is written; blocks the turn while the summary is generated (seed 001 §C2). */
  async compactIfNeeded(request: CompactIfNeededRequest): Promise<CompactionReport> {
    const { settings, emit } = request;
    const l10n = this.deps.l10n ?? english;
    const decision = shouldCompact({
      lastUsageTokens: request.lastUsageTokens ?? this.lastUsage ?? this.estimateHistory(),
      input: request.input,
      contextWindow: settings.model.contextWindow,
      threshold: settings.context.compactThreshold,
      messageCount: this.history.length,
    });
    if (!decision.compact) return { decision };

    let result: CompactionResult;
    try {
      result = await compactHistory(this.history, {
        keepRecentRounds: settings.context.keepRecentRounds,
        summarize: request.summarize,
        timeoutMs: settings.context.summaryTimeoutSeconds * 1000,
        clock: this.deps.clock,
        newId: this.deps.newId,
        signal: request.signal,
        onSummarizing: ({ segment }) => emit({ type: 'compaction', phase: 'started', message: segment.length === 1 ? l10n.t('Summarising 1 older message…') : l10n.t('Summarising {0} older messages…', segment.length) }),
        l10n,
      });
    } catch (error) {
      emit({ type: 'compaction', phase: 'finished', message: l10n.t('Compaction cancelled; history left unchanged.') });
      throw error;
    }
    this.history = result.history;
    if (result.outcome !== 'nothingToDo') this.lastUsage = undefined;
    if (result.outcome === 'summarized') {
      emit({ type: 'compaction', phase: 'finished', message: compactedMessage(result, l10n) });
    } else if (result.outcome === 'fellBack') {
      emit({ type: 'compaction', phase: 'fellBack', message: result.fallbackMessage! });
    }
    return { decision, result };
  }

  private estimateHistory(): number {
    let tokens = 0;
    for (const message of this.history) tokens += estimateTokens(message.content);
    return tokens;
  }
}

/** Usage recorded before the last summary was written describes a context that no longer exists. */
function lastUsageSinceLastSummary(history: readonly HistoryMessage[]): number | undefined {
  let summarizedAt = -Infinity;
  for (const message of history) if (message.kind === 'summary') summarizedAt = Math.max(summarizedAt, message.createdAt);
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (message.usage && message.createdAt >= summarizedAt) return usageTokens(message.usage);
  }
  return undefined;
}

/** After a summary: how many messages it replaced and how many rounds stay as they were. */
function compactedMessage(result: CompactionResult, l10n: Translator): string {
  const messages = result.summarizedCount === 1 ? l10n.t('{0} message', 1) : l10n.t('{0} messages', result.summarizedCount);
  const rounds = result.keptRounds === 1 ? l10n.t('{0} round', 1) : l10n.t('{0} rounds', result.keptRounds);
  return l10n.t('Compacted {0} into a summary; kept the last {1}.', messages, rounds);
}
