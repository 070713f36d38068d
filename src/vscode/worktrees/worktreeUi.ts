import * as vscode from 'vscode';
import type { WorktreeUi } from './worktreeChats';

/** WorktreeUi in VS Code: a progress notification, modal questions, messages, a new window on a folder. */
export function vscodeWorktreeUi(log: (message: string) => void): WorktreeUi {
  return {
    progress: (title, task) => Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `CodeAgent: ${title}` }, task)),
    async confirm(message, detail, confirm) {
      return (await vscode.window.showWarningMessage(message, { modal: true, detail }, confirm)) === confirm;
    },
    info(message) {
      log(message);
      void vscode.window.showInformationMessage(`CodeAgent: ${message}`);
    },
    warn(message) {
      log(message);
      void vscode.window.showWarningMessage(`CodeAgent: ${message}`);
    },
    openWindow(folder) {
      void vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(folder), { forceNewWindow: true });
    },
  };
}
