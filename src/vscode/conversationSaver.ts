import type { Conversation } from '../core/conversation/conversation';
import type { ConversationStore } from '../core/ports/conversationStore';

/** Coalesces the many small changes of a streaming turn into at most one write per interval; flush() writes now. */
export class ConversationSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => Conversation | undefined) | undefined;

  constructor(private readonly store: ConversationStore, private readonly log: (message: string) => void, private readonly intervalMs = 400) {}

  schedule(snapshot: () => Conversation | undefined): void {
    this.pending = snapshot;
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = this.pending;
    this.pending = undefined;
    const conversation = snapshot?.();
    if (!conversation) return;
    try {
      await this.store.save(conversation);
    } catch (error) {
      this.log(`Could not save conversation ${conversation.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
