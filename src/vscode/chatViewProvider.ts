import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { connectChatWebview } from './chatWebview';
import type { ViewPart } from './viewPart';

export const chatViewId = 'codeagent.chatView';

/** The side panel's chat: one ChatController, the panel's conversation. */
export class ChatViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: (message: string) => void,
    private readonly parts: readonly ViewPart[] = [],
  ) {}

  /** Whether the panel's chat is on screen (an approval waiting there needs no notification). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const disconnect = connectChatWebview(view.webview, { extensionUri: this.extensionUri, controller: this.controller, parts: this.parts, log: this.log });
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      disconnect();
    });
  }

  /** The view's focus command opens its container whether the view was never resolved, hidden, or shown. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${chatViewId}.focus`);
  }
}
