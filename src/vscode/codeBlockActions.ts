import * as vscode from 'vscode';
import type { WebviewMessage } from '../protocol/messages';

type CodeBlockAction = Extract<WebviewMessage, { type: 'copyText' | 'insertAtCursor' }>;

export function isCodeBlockAction(message: WebviewMessage): message is CodeBlockAction {
  return message.type === 'copyText' || message.type === 'insertAtCursor';
}

/**
 * A chat code block's Copy (when the webview could not write the clipboard) and Insert at cursor. The chat
 * has the focus when its button is clicked, so the target is the editor the user last worked in.
 */
export async function runCodeBlockAction(message: CodeBlockAction): Promise<void> {
  if (message.type === 'copyText') return vscode.env.clipboard.writeText(message.text);
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (!editor) {
    void vscode.window.showInformationMessage('CodeAgent: open a file to insert the code into.');
    return;
  }
  const inserted = await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, message.text);
  });
  if (!inserted) void vscode.window.showWarningMessage(`CodeAgent: could not insert into ${vscode.workspace.asRelativePath(editor.document.uri)}.`);
}
