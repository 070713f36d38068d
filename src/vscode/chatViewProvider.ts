import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { connectChatWebview } from './chatWebview';
import type { ViewPart } from './viewPart';

export const chatViewId = 'codeagent.chatView';

/** The side panel's chat: one ChatController, the panel's conversation. */
export class ChatViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private badge: vscode.ViewBadge | undefined;
  /** The webview's script has loaded (it posted `ready`): a message posted before then would be lost. */
  private loaded = false;
  private historyRequested = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: (message: string) => void,
    private readonly parts: readonly ViewPart[] = [],
    /** The view came on screen (spec §20: what waited there has been seen). */
    private readonly onShown: () => void = () => {},
  ) {}

  /** Whether the panel's chat is on screen (an approval waiting there needs no notification). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.loaded = false;
    view.badge = this.badge;
    const disconnect = connectChatWebview(view.webview, { extensionUri: this.extensionUri, controller: this.controller, parts: this.parts, log: this.log, surface: 'view' });
    const ready = view.webview.onDidReceiveMessage((message: { type?: unknown }) => {
      if (message?.type !== 'ready') return;
      this.loaded = true;
      if (this.historyRequested) this.toggleHistory();
    });
    const shown = view.onDidChangeVisibility(() => {
      if (view.visible) this.onShown();
    });
    view.onDidDispose(() => {
      ready.dispose();
      shown.dispose();
      if (this.view === view) this.view = undefined;
      disconnect();
    });
    this.onShown();
  }

  /** The view container's badge (spec §20): kept for a view resolved later. */
  setBadge(badge: vscode.ViewBadge | undefined): void {
    this.badge = badge;
    if (this.view) this.view.badge = badge;
  }

  /** The view's focus command opens its container whether the view was never resolved, hidden, or shown. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${chatViewId}.focus`);
  }

  /** The title bar's History: the panel shown, its list of conversations opened or closed. */
  async showHistory(): Promise<void> {
    this.historyRequested = true;
    await this.reveal();
    if (this.loaded && this.historyRequested) this.toggleHistory();
  }

  private toggleHistory(): void {
    this.historyRequested = false;
    void this.view?.webview.postMessage({ type: 'toggleHistory' });
  }
}
