import * as vscode from 'vscode';
import type { AgentEvent } from '../core/events';
import { AttentionBook, attentionChange, type Waiting } from '../core/nudge/attention';
import { attentionMessage, attentionTooltip, showLink } from './nudgeWords';
import type { DesktopNotifier } from '../core/ports/desktopNotifier';

export interface NudgeDeps {
  /** The CodeAgent view's badge (kept for the view until it is first opened). */
  setBadge(badge: vscode.ViewBadge): void;
  /** The conversations on screen and how to bring one into view. */
  views: { shownConversations(): string[]; reveal(conversationId: string): void };
  desktop: DesktopNotifier;
  /** `codeagent.notifications.whenUnfocused` (the user's setting only). */
  desktopEnabled(): boolean;
  log(message: string): void;
}

export const showConversationCommand = 'codeagent.showConversation';

/**
 * Spec §20: what a conversation the user cannot see waits for — an approval, an answer, a turn that ended —
 * as a badge on the view, a notification with Show, and on a local desktop an OS notification. All of it goes
 * when the user looks at the conversation: its view on screen with the window focused.
 */
export class Nudges implements vscode.Disposable {
  private readonly book = new AttentionBook();
  /** Closes each item's notification (a progress notification: the only kind an extension can take back). */
  private readonly notices = new Map<Waiting, () => void>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: NudgeDeps) {
    this.disposables = [
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) this.lookAround();
      }),
      vscode.commands.registerCommand(showConversationCommand, (conversationId: unknown) => {
        if (typeof conversationId === 'string') deps.views.reveal(conversationId);
      }),
    ];
  }

  /** An event of `conversationId`'s turn; `onScreen`: its view is visible now. */
  observe(conversationId: string, title: string, event: AgentEvent, onScreen: () => boolean): void {
    // Most events (every streamed delta) change nothing that waits: they cost no look at the window or the badge.
    if (!attentionChange(event)) return;
    const focused = vscode.window.state.focused;
    const item = this.book.record(conversationId, event, onScreen() && focused);
    if (item) this.announce(item, title, focused);
    this.sync();
  }

  /**
   * The window was focused, or a view came on screen — which the user does in this window, so its focus is not
   * asked: the conversations on screen are looked at.
   */
  lookAround(): void {
    for (const id of this.deps.views.shownConversations()) {
      if (this.book.looked(id)) this.deps.log(`nudge: ${id} looked at`);
    }
    this.sync();
  }

  dispose(): void {
    for (const close of this.notices.values()) close();
    this.notices.clear();
    for (const disposable of this.disposables) disposable.dispose();
  }

  private announce(item: Waiting, title: string, focused: boolean): void {
    const message = attentionMessage(item, title);
    this.deps.log(`nudge: ${item.need} in ${item.conversationId} (window focused: ${focused})`);
    const args = encodeURIComponent(JSON.stringify([item.conversationId]));
    let close = () => {};
    const closed = new Promise<void>((resolve) => (close = resolve));
    this.notices.set(item, close);
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `CodeAgent: ${message} ${showLink(`command:${showConversationCommand}?${args}`)}` },
      (progress) => {
        // A full bar: nothing runs, the notification waits for the user.
        progress.report({ increment: 100 });
        return closed;
      },
    );
    if (!focused && this.deps.desktopEnabled() && vscode.env.remoteName === undefined) this.deps.desktop.notify('CodeAgent', message);
  }

  private sync(): void {
    const waiting = this.book.waiting;
    for (const [item, close] of this.notices) {
      if (waiting.includes(item)) continue;
      close();
      this.notices.delete(item);
    }
    // 0, not undefined: VS Code 1.100's webview view keeps its last badge when given undefined; 0 shows none.
    this.deps.setBadge({ value: waiting.length, tooltip: waiting.length ? attentionTooltip(waiting.length) : '' });
  }
}
