import type { Conversation, ConversationSummary } from './conversation';

/**
 * Where conversations persist (one workspace's worth). Ids name files, so they are limited to lowercase
 * letters, digits, '-' and '_' (at most 100); other ids are refused with an error.
 *
 * Files that cannot be read never make these methods throw: they are skipped (or recovered from a backup)
 * and reported through the implementation's problem callback.
 */
export interface ConversationStore {
  /** Newest `updatedAt` first. */
  list(): Promise<ConversationSummary[]>;
  /** Undefined when there is no such conversation or it could not be read. Sees every save called before it. */
  load(id: string): Promise<Conversation | undefined>;
  /**
   * Atomic: after a crash the previous or the new version is on disk, never a mix. Saves of one id apply in call order.
   * What is written is taken when save() is called. An implementation may write only what changed since the last
   * save or load of the id, found by identity: history messages, checkpoints and turn changes must then be replaced,
   * not changed in place, when they change; transcript entries may change in place (text, meta replaced).
   */
  save(conversation: Conversation): Promise<void>;
  delete(id: string): Promise<void>;
  /** What list() would say as far as this store knows without reading (listedConversationStore), if it keeps that. */
  cachedList?(): ConversationSummary[] | undefined;
  /** Starts reading the list in the background, so the first cachedList() has it. */
  warm?(): void;
}

/** A file the store could not read, in words fit for a warning shown to the user. */
export type ConversationProblemListener = (message: string) => void;
