import type { AgentEvent } from '../events';

/** What a conversation waits for the user to do, or to see (spec §20). */
export type Need = 'approval' | 'answer' | 'finished' | 'failed';

export interface Waiting {
  readonly conversationId: string;
  readonly key: string;
  readonly need: Need;
  /** The tool an approval waits for. */
  readonly tool?: string;
}

type Change =
  | { kind: 'wait'; key: string; need: Need; tool?: string }
  | { kind: 'resolve'; key: string }
  | { kind: 'turnStarted' }
  | { kind: 'turnEnded'; outcome: 'finished' | 'failed' | 'stopped'; turnId: string };

/** What an agent event changes in what waits; undefined for the many events that change nothing. */
export function attentionChange(event: AgentEvent): Change | undefined {
  switch (event.type) {
    case 'subagent': {
      // A child's approvals and questions wait for the user like the parent's; its turn's end is not the conversation's.
      const inner = attentionChange(event.event);
      return inner?.kind === 'wait' || inner?.kind === 'resolve' ? inner : undefined;
    }
    case 'approval':
      return event.phase === 'request' ? { kind: 'wait', key: `approval:${event.callId}`, need: 'approval', tool: event.tool } : { kind: 'resolve', key: `approval:${event.callId}` };
    case 'toolCall':
      return event.name === 'AskUser' && !event.partial ? { kind: 'wait', key: `answer:${event.callId}`, need: 'answer' } : undefined;
    case 'toolResult':
      return { kind: 'resolve', key: event.name === 'AskUser' ? `answer:${event.callId}` : `approval:${event.callId}` };
    case 'turnStarted':
      return { kind: 'turnStarted' };
    case 'turnEnded': {
      const outcome = event.reason === 'cancelled' ? 'stopped' : event.reason === 'completed' || event.reason === 'answered' ? 'finished' : 'failed';
      return { kind: 'turnEnded', outcome, turnId: event.turnId };
    }
    default:
      return undefined;
  }
}

/**
 * What waits for the user across the window's conversations: an approval, an AskUser question, a turn that
 * finished or failed — each recorded only when the user did not see it happen (the view hidden or the window
 * not focused), and dropped once it no longer waits or the user looks at its conversation.
 */
export class AttentionBook {
  private readonly items: Waiting[] = [];

  /** The items that wait, oldest first: the badge counts them. */
  get waiting(): readonly Waiting[] {
    return this.items;
  }

  /** Applies `event` of `conversationId`; returns the new item to announce, if the user did not see it happen. */
  record(conversationId: string, event: AgentEvent, seen: boolean): Waiting | undefined {
    const change = attentionChange(event);
    if (!change) return undefined;
    switch (change.kind) {
      case 'resolve':
        this.remove((item) => item.conversationId === conversationId && item.key === change.key);
        return undefined;
      case 'turnStarted':
        // A new turn supersedes the news that the last one ended.
        this.remove((item) => item.conversationId === conversationId && (item.need === 'finished' || item.need === 'failed'));
        return undefined;
      case 'turnEnded':
        // Whatever the turn asked no longer waits once it is over.
        this.remove((item) => item.conversationId === conversationId && (item.need === 'approval' || item.need === 'answer'));
        if (change.outcome === 'stopped') return undefined;
        return this.add(seen, { conversationId, key: `turn:${change.turnId}`, need: change.outcome });
      case 'wait':
        return this.add(seen, { conversationId, key: change.key, need: change.need, ...(change.tool ? { tool: change.tool } : {}) });
    }
  }

  /** The user looks at the conversation: nothing of it waits any more. True when something was dropped. */
  looked(conversationId: string): boolean {
    return this.remove((item) => item.conversationId === conversationId) > 0;
  }

  private add(seen: boolean, item: Waiting): Waiting | undefined {
    if (seen || this.items.some((other) => other.conversationId === item.conversationId && other.key === item.key)) return undefined;
    this.items.push(item);
    return item;
  }

  private remove(match: (item: Waiting) => boolean): number {
    const before = this.items.length;
    for (let i = this.items.length - 1; i >= 0; i--) if (match(this.items[i]!)) this.items.splice(i, 1);
    return before - this.items.length;
  }
}
