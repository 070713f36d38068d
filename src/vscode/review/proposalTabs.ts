import * as vscode from 'vscode';
import { proposalScheme } from './proposalFileSystem';

/** The diff editor tabs showing `proposal` on their right side. */
export function tabsShowing(proposal: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) =>
    tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === proposal.toString());
}

/** Closes the review without a "save changes?" prompt: the user's edit was already read. */
export async function closeProposalTabs(proposal: vscode.Uri): Promise<void> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === proposal.toString());
  if (document?.isDirty) await document.save();
  const tabs = tabsShowing(proposal);
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}

/** An open editor of the real file with unsaved changes: the agent must not write over them. */
export function dirtyEditorOf(file: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file.fsPath && d.isDirty);
}

/** Proposal tabs VS Code restored after a reload: nothing backs them any more. */
export async function closeStaleProposalTabs(): Promise<void> {
  const stale = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) =>
    tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === proposalScheme);
  if (stale.length) await vscode.window.tabGroups.close(stale, true);
}
