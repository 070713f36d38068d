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
export async function runCodeBlockAction(message: CodeBlockAction, log: (message: string) => void): Promise<void> {
  if (message.type === 'copyText') return vscode.env.clipboard.writeText(message.text);
  const editor = targetEditor();
  log(`Insert at cursor: into ${editor ? editor.document.uri.toString() : 'no editor'}`);
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('CodeAgent: open a file to insert the code into.'));
    return;
  }
  const inserted = await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, message.text);
  });
  if (!inserted) void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: could not insert into {0}.', vscode.workspace.asRelativePath(editor.document.uri)));
}

/**
 * The editor the user last worked in that can take text: the active one, else a visible one (the active one
 * can be a closed preview, or a read-only side of a diff such as a change's before/after).
 */
function targetEditor(): vscode.TextEditor | undefined {
  const writable = (editor: vscode.TextEditor) => editor.document.uri.scheme === 'untitled' || vscode.workspace.fs.isWritableFileSystem(editor.document.uri.scheme) === true;
  const visible = vscode.window.visibleTextEditors.filter(writable);
  const active = vscode.window.activeTextEditor;
  if (active && visible.includes(active)) return active;
  return visible.find((editor) => editor.document.uri.scheme === 'file') ?? visible[0];
}
