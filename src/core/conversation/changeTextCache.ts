import type { ChangeTextKey } from './changeSideText';

/** What the change diffs of all conversations may keep in memory together. */
export const defaultChangeTextBudgetBytes = 32 * 1024 * 1024;

interface Entry {
  conversationId: string;
  text: string;
  bytes: number;
}

function keyOf(key: ChangeTextKey): string {
  return JSON.stringify([key.conversationId, key.turnId, key.side, key.path]);
}

/**
 * The before/after texts of the change diffs opened in a window ("Open diff", "Review changes"), an LRU
 * bounded in bytes: the least recently used go first, and a text asked for again after it was dropped is
 * read back from the stored conversation (its checkpoints) by `load`.
 */
export class ChangeTextCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly load: (key: ChangeTextKey) => Promise<string | undefined>,
    private readonly budgetBytes = defaultChangeTextBudgetBytes,
  ) {}

  put(key: ChangeTextKey, text: string): void {
    const id = keyOf(key);
    this.remove(id);
    // UTF-16 in memory: two bytes a code unit.
    const entry = { conversationId: key.conversationId, text, bytes: text.length * 2 };
    this.entries.set(id, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** The text of one side; '' when it was dropped and the store no longer has it (a restored-away turn). */
  async text(key: ChangeTextKey): Promise<string> {
    const id = keyOf(key);
    const entry = this.entries.get(id);
    if (entry) {
      // Most recently used goes last: Map keeps insertion order.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.text;
    }
    const loaded = await this.load(key);
    if (loaded === undefined) return '';
    this.put(key, loaded);
    return loaded;
  }

  /** A deleted conversation's texts go at once. */
  forgetConversation(conversationId: string): void {
    for (const [id, entry] of [...this.entries]) if (entry.conversationId === conversationId) this.remove(id);
  }

  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const id of this.entries.keys()) {
      if (this.bytes <= this.budgetBytes) return;
      this.remove(id);
    }
  }
}
