import { z } from 'zod';
import { historyMessageSchema } from '../history/historyMessageSchema';
import type { HistoryMessage } from '../history/historyMessage';

/** How a conversation stores its isolated agents' histories: agent name → messages, oldest first. */
export const AgentHistoriesSnapshot = z.record(z.string(), z.array(historyMessageSchema));
export type AgentHistoriesSnapshot = z.infer<typeof AgentHistoriesSnapshot>;

/** The per-conversation histories of isolated agents (spec §7): each sees only its own earlier exchanges. */
export class AgentHistories {
  private readonly byName = new Map<string, HistoryMessage[]>();

  get(name: string): readonly HistoryMessage[] {
    return this.byName.get(name) ?? [];
  }

  append(name: string, message: HistoryMessage): void {
    const messages = this.byName.get(name);
    if (messages) messages.push(message);
    else this.byName.set(name, [message]);
  }

  /** Replaces an agent's history, e.g. after compacting it. */
  set(name: string, messages: readonly HistoryMessage[]): void {
    if (messages.length === 0) this.byName.delete(name);
    else this.byName.set(name, [...messages]);
  }

  /** Agents with at least one message, by name. */
  names(): string[] {
    return [...this.byName.keys()].sort();
  }

  toSnapshot(): AgentHistoriesSnapshot {
    return Object.fromEntries(this.names().map((name) => [name, [...this.byName.get(name)!]]));
  }

  static fromSnapshot(snapshot: AgentHistoriesSnapshot | undefined): AgentHistories {
    const histories = new AgentHistories();
    for (const [name, messages] of Object.entries(snapshot ?? {})) histories.set(name, messages);
    return histories;
  }
}
