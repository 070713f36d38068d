import type { Conversation } from '../core/conversation/conversation';
import type { ConversationStore } from '../core/conversation/conversationStore';
import { errorMessage } from '../core/errorMessage';

/** Coalesces the many small changes of a streaming turn into at most one write per interval; flush() writes now. */
export class ConversationSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => Conversation | undefined) | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly store: ConversationStore, private readonly log: (message: string) => void, private readonly intervalMs = 400) {}

  schedule(snapshot: () => Conversation | undefined): void {
    this.pending = snapshot;
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes what is pending now; resolves once every save asked for so far (an earlier flush's too) is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = this.pending;
    this.pending = undefined;
    this.saving = this.saving.then(() => this.write(snapshot));
    return this.saving;
  }

  private async write(snapshot: (() => Conversation | undefined) | undefined): Promise<void> {
    const conversation = snapshot?.();
    if (!conversation) return;
    try {
      await this.store.save(conversation);
    } catch (error) {
      this.log(`Could not save conversation ${conversation.id}: ${errorMessage(error)}`);
    }
  }
}
