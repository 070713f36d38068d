import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { connectChatWebview } from './chatWebview';
import type { ViewPart } from './viewPart';

export const chatEditorViewType = 'codeagent.chatEditor';

/** Where a conversation is shown: whether the user sees it now, and how to bring it into view. */
export interface ChatSurface {
  visible(): boolean;
  reveal(): void;
}

export interface EditorChatDeps {
  extensionUri: vscode.Uri;
  parts: readonly ViewPart[];
  log: (message: string) => void;
  /** A controller of its own for the tab (its own session), and what forgets it when the tab closes. */
  createController: (surface: ChatSurface) => { controller: ChatController; forget: () => void };
}

/**
 * `CodeAgent: Open Chat in Editor` (spec §16): a new conversation in an editor tab, the same webview UI as the
 * side panel, its turns running beside the panel's and other tabs'. Closing the tab stops its turn; the
 * conversation stays in History.
 */
export function openChatInEditor(deps: EditorChatDeps): ChatController {
  const panel = vscode.window.createWebviewPanel(chatEditorViewType, 'CodeAgent', vscode.ViewColumn.Active, { retainContextWhenHidden: true });
  panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'codeagent.svg');
  const { controller, forget } = deps.createController({ visible: () => panel.visible, reveal: () => panel.reveal() });
  const disconnect = connectChatWebview(panel.webview, { extensionUri: deps.extensionUri, controller, parts: deps.parts, log: deps.log });
  panel.onDidDispose(() => {
    disconnect();
    forget();
    void controller.dispose();
  });
  return controller;
}

/** A notification when an approval waits in a conversation the user does not see; its button shows it. */
export function noticeHiddenApproval(tool: string, surface: ChatSurface): void {
  if (surface.visible()) return;
  const show = vscode.l10n.t('Show');
  void vscode.window.showInformationMessage(vscode.l10n.t('CodeAgent: {0} is waiting for your approval in a conversation that is not in view.', tool), show).then((choice) => {
    if (choice === show) surface.reveal();
  });
}
