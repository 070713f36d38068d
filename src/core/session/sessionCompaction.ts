import type { EventSink } from '../events';
import type { HistoryManager } from '../history/historyManager';
import { summarizeWithModel } from '../history/summaryRequest';
import type { Settings } from '../settings';
import type { AgentSessionDeps } from './agentSessionDeps';
import type { UsageLedger } from './usageLedger';

export interface SessionCompaction {
  history: HistoryManager;
  deps: Pick<AgentSessionDeps, 'model' | 'clock' | 'onChange'>;
  usage: UsageLedger;
}

/**
 * Compacts a session's history when it needs it, the old rounds summarized by the summary model (its usage counted
 * as the turn's, not as a chat call). True when the history changed.
 */
export async function compactSessionHistory(session: SessionCompaction, turnId: string, input: string, settings: Settings, emit: EventSink, signal: AbortSignal): Promise<boolean> {
  const { history, deps, usage } = session;
  const compaction = await history.compactIfNeeded({
    input,
    settings,
    emit,
    signal,
    summarize: (segment, range, summarySignal) => summarizeWithModel(deps.model(), {
      model: settings.summaryModel.name || settings.model.name,
      segment, range, signal: summarySignal,
      clock: deps.clock,
      maxRetries: settings.model.maxRetries,
      maxOutputTokens: settings.model.maxOutputTokens,
      onUsage: (used) => usage.record(turnId, used, settings, emit, false),
    }),
  });
  const compacted = compaction.result !== undefined && compaction.result.outcome !== 'nothingToDo';
  if (compacted) deps.onChange?.();
  return compacted;
}
