/** What the registry needs of a view's controller. */
export interface ConversationOwner {
  readonly conversationId: string;
  readonly busy: boolean;
  flush(): Promise<void>;
}

/** One chat view (the side panel or an editor tab) and the conversation its controller holds. */
export interface ConversationView {
  readonly controller: ConversationOwner;
  visible(): boolean;
  reveal(): void;
}

/**
 * Every chat view of the window (spec §16: several conversations at once). Each view's controller owns its own
 * conversation (session, queue, transcript); this only answers questions across them: which conversations run,
 * which view shows a conversation.
 */
export class ConversationViews {
  private readonly views = new Set<ConversationView>();

  /** Returns what removes the view again. */
  add(view: ConversationView): () => void {
    this.views.add(view);
    return () => this.views.delete(view);
  }

  get size(): number {
    return this.views.size;
  }

  /** Writes what every view has pending (deactivation, a change text read back from the store). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.views].map((v) => v.controller.flush()));
  }

  isRunning(conversationId: string): boolean {
    return [...this.views].some((v) => v.controller.conversationId === conversationId && v.controller.busy);
  }

  /** The conversations of the views on screen (spec §20: what the user looks at, with the window focused). */
  shownConversations(): string[] {
    return [...this.views].filter((v) => v.visible()).map((v) => v.controller.conversationId);
  }

  /** The view holding the conversation, other than `asking`. */
  viewOf(conversationId: string, asking?: ConversationOwner): ConversationView | undefined {
    return [...this.views].find((v) => v.controller !== asking && v.controller.conversationId === conversationId);
  }

  /**
   * A conversation is held by one view only (two sessions on one conversation would overwrite each other's file):
   * when another view holds it, that view is shown instead, and true is returned.
   */
  revealIfElsewhere(conversationId: string, asking: ConversationOwner): boolean {
    const view = this.viewOf(conversationId, asking);
    view?.reveal();
    return view !== undefined;
  }
}
