import { summarizeConversation, type Conversation, type ConversationSummary } from './conversation';
import type { ConversationStore } from './conversationStore';

/**
 * A store that also knows its list without asking the disk (spec §24: History with a thousand conversations
 * opens at once). The list is read once (`warm`, or the first `list`) and kept current by this store's own saves
 * and deletes; `list` still reads the disk, so a change made elsewhere (another window on the same folder)
 * shows on the next look.
 */
export class ListedConversationStore implements ConversationStore {
  private known: Map<string, ConversationSummary> | undefined;
  /** The saves (a summary) and deletes (undefined) while the disk is read: applied over what it read. */
  private changedWhileReading: Array<[string, ConversationSummary | undefined]> | undefined;
  private warming: Promise<unknown> | undefined;
  private reading: Promise<ConversationSummary[]> | undefined;

  constructor(private readonly inner: ConversationStore) {}

  /** Reads the list in the background, once, so the first History is instant too. */
  warm(): void {
    this.warming ??= this.list().catch(() => undefined);
  }

  /** The list as this store last knew it (newest first), or undefined before the first list() ended. */
  cachedList(): ConversationSummary[] | undefined {
    return this.known && sortNewestFirst([...this.known.values()]);
  }

  /** A list() while another is still reading joins it (the first History right after the window opened joins warm()). */
  list(): Promise<ConversationSummary[]> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<ConversationSummary[]> {
    const changes: Array<[string, ConversationSummary | undefined]> = [];
    this.changedWhileReading = changes;
    try {
      const listed = await this.inner.list();
      const known = new Map(listed.map((summary) => [summary.id, summary]));
      for (const [id, summary] of changes) {
        if (summary) known.set(id, summary);
        else known.delete(id);
      }
      this.known = known;
      return listed;
    } finally {
      this.changedWhileReading = undefined;
    }
  }

  load(id: string): Promise<Conversation | undefined> {
    return this.inner.load(id);
  }

  save(conversation: Conversation): Promise<void> {
    this.changed(conversation.id, summarizeConversation(conversation));
    return this.inner.save(conversation);
  }

  delete(id: string): Promise<void> {
    this.changed(id, undefined);
    return this.inner.delete(id);
  }

  private changed(id: string, summary: ConversationSummary | undefined): void {
    if (summary) this.known?.set(id, summary);
    else this.known?.delete(id);
    this.changedWhileReading?.push([id, summary]);
  }
}

/** The order of ConversationStore.list(): newest `updatedAt` first, then by id. */
export function sortNewestFirst(summaries: ConversationSummary[]): ConversationSummary[] {
  return summaries.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** The same conversations in the same order with the same summaries. */
export function sameSummaries(a: readonly ConversationSummary[], b: readonly ConversationSummary[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.id === y.id && x.title === y.title && x.createdAt === y.createdAt && x.updatedAt === y.updatedAt
      && x.messageCount === y.messageCount && x.cost === y.cost && x.branch === y.branch;
  });
}
