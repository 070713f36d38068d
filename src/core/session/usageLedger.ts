import type { ConversationTotals } from '../conversation/conversation';
import type { EventSink } from '../events';
import type { TokenUsage } from '../ports/modelClient';
import type { Settings } from '../settings';
import { addUsage, costOf } from '../agent/cost';

/** A conversation's token and cost totals, and the usage of its last chat call (what the context meter shows). */
export class UsageLedger {
  private sums: ConversationTotals;
  private last: TokenUsage | undefined;

  constructor(restored?: { totals?: ConversationTotals; lastUsage?: TokenUsage }) {
    this.sums = restored?.totals ?? { inputTokens: 0, outputTokens: 0, cost: 0 };
    this.last = restored?.lastUsage;
  }

  get totals(): ConversationTotals {
    return { ...this.sums };
  }

  get lastUsage(): TokenUsage | undefined {
    return this.last;
  }

  /** `chatCall`: false for the summary call, whose usage costs money but says nothing about the chat's context size. */
  record(turnId: string, usage: TokenUsage, settings: Settings, emit: EventSink, chatCall = true): void {
    const cost = costOf(usage, settings);
    if (chatCall) this.last = usage;
    this.sums = addUsage(this.sums, usage, cost);
    emit({ type: 'tokenUsage', turnId, usage, cost });
    if (chatCall) emit({ type: 'contextWindow', usedTokens: usage.inputTokens + usage.outputTokens, windowTokens: settings.model.contextWindow });
  }
}
