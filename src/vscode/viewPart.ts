import type { HostMessage, WebviewMessage } from '../protocol/messages';

/**
 * A part of the panel beside the chat (model setup, MCP servers, processes, slash commands): it posts its own few
 * messages, which need no coalescing, and answers the webview messages that are its own (`handle` is true for those).
 */
export interface ViewPart {
  /** One call per chat view (the side panel, each editor tab): every attached view gets what the part posts. */
  attach(post: (message: HostMessage) => void): void;
  /** That view is gone; without `post`, every view. */
  detach(post?: (message: HostMessage) => void): void;
  handle(message: WebviewMessage): boolean;
  /** What the part is still writing that the user chose (a model picked a moment ago); undefined when nothing. */
  pending?(): Promise<void> | undefined;
}

/** A ViewPart that posts to the views attached and drops what it would post while none is. */
export abstract class PostingViewPart implements ViewPart {
  private readonly views = new Set<(message: HostMessage) => void>();

  protected get post(): ((message: HostMessage) => void) | undefined {
    if (this.views.size === 0) return undefined;
    return (message) => {
      for (const view of this.views) view(message);
    };
  }

  attach(post: (message: HostMessage) => void): void {
    this.views.add(post);
  }

  detach(post?: (message: HostMessage) => void): void {
    if (post) this.views.delete(post);
    else this.views.clear();
  }

  abstract handle(message: WebviewMessage): boolean;
}
