import type { HostMessage, WebviewMessage } from '../protocol/messages';

/**
 * A part of the panel beside the chat (model setup, MCP servers, processes, slash commands): it posts its own few
 * messages, which need no coalescing, and answers the webview messages that are its own (`handle` is true for those).
 */
export interface ViewPart {
  attach(post: (message: HostMessage) => void): void;
  detach(): void;
  handle(message: WebviewMessage): boolean;
}

/** A ViewPart that posts to the view while one is attached and drops what it would post while none is. */
export abstract class PostingViewPart implements ViewPart {
  protected post: ((message: HostMessage) => void) | undefined;

  attach(post: (message: HostMessage) => void): void {
    this.post = post;
  }

  detach(): void {
    this.post = undefined;
  }

  abstract handle(message: WebviewMessage): boolean;
}
