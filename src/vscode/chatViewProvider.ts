import * as vscode from 'vscode';
import { WebviewMessage } from '../protocol/messages';
import type { ChatController } from './chatController';
import { isCodeBlockAction, runCodeBlockAction } from './codeBlockActions';
import { DeltaCoalescer } from './deltaCoalescer';
import { openExternalLink } from './externalLinks';
import type { ViewPart } from './viewPart';
import { webviewHtml } from './webviewHtml';

export const chatViewId = 'codeagent.chatView';

export class ChatViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: (message: string) => void,
    private readonly parts: readonly ViewPart[] = [],
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    view.webview.html = webviewHtml(view.webview, this.extensionUri);
    const coalescer = new DeltaCoalescer((message) => void view.webview.postMessage(message));
    this.controller.attach((message) => coalescer.send(message));
    for (const part of this.parts) part.attach((message) => void view.webview.postMessage(message));
    view.webview.onDidReceiveMessage((raw: unknown) => {
      const parsed = WebviewMessage.safeParse(raw);
      if (!parsed.success) return this.log(`Ignored a malformed webview message: ${parsed.error.message}`);
      if (isCodeBlockAction(parsed.data)) return void runCodeBlockAction(parsed.data, this.log).catch((error: unknown) => this.log(`Code block action failed: ${String(error)}`));
      if (parsed.data.type === 'openExternal') return void openExternalLink(parsed.data.url, this.log);
      if (this.parts.some((part) => part.handle(parsed.data))) return;
      this.controller.handle(parsed.data);
    });
    view.onDidDispose(() => {
      coalescer.discard();
      if (this.view === view) {
        this.view = undefined;
        this.controller.detach();
        for (const part of this.parts) part.detach();
      }
    });
  }

  /** The view's focus command opens its container whether the view was never resolved, hidden, or shown. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${chatViewId}.focus`);
  }
}
