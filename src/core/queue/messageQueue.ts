import type { ImageAttachment } from '../ports/modelClient';

/** A message the user sent while a turn was running, waiting for the turn's next model request (spec §16). */
export interface QueuedMessage {
  id: string;
  text: string;
  /** Images attached to it (checked already); kept in memory only: a stored queue names them by placeholder. */
  images?: readonly ImageAttachment[];
}

/** What a turn is started with or given mid-turn: the text and its images. */
export type UserMessageInput = Pick<QueuedMessage, 'text' | 'images'>;

/**
 * The messages waiting in one conversation, oldest first. Nothing here decides when they are delivered:
 * the turn takes them before a model request, the host starts a turn with them when none runs.
 */
export class MessageQueue {
  private items: QueuedMessage[];
  private readonly listeners = new Set<(items: readonly QueuedMessage[]) => void>();

  constructor(private readonly newId: () => string, restored: readonly QueuedMessage[] = []) {
    this.items = [...restored];
  }

  get messages(): readonly QueuedMessage[] {
    return this.items;
  }

  get size(): number {
    return this.items.length;
  }

  add(text: string, images?: readonly ImageAttachment[]): QueuedMessage {
    const message: QueuedMessage = images?.length ? { id: `q-${this.newId()}`, text, images } : { id: `q-${this.newId()}`, text };
    this.items = [...this.items, message];
    this.changed();
    return message;
  }

  /** False when the message is gone already (delivered or removed). */
  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((m) => m.id !== id);
    if (this.items.length === before) return false;
    this.changed();
    return true;
  }

  /** Every waiting message, in the order sent; the queue is empty afterwards. */
  takeAll(): QueuedMessage[] {
    const taken = this.items;
    if (taken.length === 0) return [];
    this.items = [];
    this.changed();
    return taken;
  }

  takeFirst(): QueuedMessage | undefined {
    const [first, ...rest] = this.items;
    if (!first) return undefined;
    this.items = rest;
    this.changed();
    return first;
  }

  onChange(listener: (items: readonly QueuedMessage[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener(this.items);
  }
}
