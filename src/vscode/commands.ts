import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';
import type { ChatController } from './chatController';
import type { ChatViewProvider } from './chatViewProvider';

export function registerCommands(controller: ChatController, provider: ChatViewProvider, apiKeys: ApiKeyStore): vscode.Disposable[] {
  const mention = (uri: vscode.Uri) => `@${vscode.workspace.asRelativePath(uri, false)}`;
  return [
    vscode.commands.registerCommand('codeagent.newChat', () => controller.newChat()),
    vscode.commands.registerCommand('codeagent.focusChat', () => provider.reveal()),
    vscode.commands.registerCommand('codeagent.setApiKey', async () => {
      if (await apiKeys.promptAndStore()) controller.refreshOnboarding();
    }),
    vscode.commands.registerCommand('codeagent.sendFileToAgent', async (uri?: vscode.Uri, selected?: vscode.Uri[]) => {
      const targets = selected?.length ? selected : [uri ?? vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => !!u);
      if (targets.length === 0) return void vscode.window.showWarningMessage('CodeAgent: no file to send. Right-click a file or open one in the editor.');
      await provider.reveal();
      controller.prefill(`${targets.map(mention).join(' ')} `);
    }),
    vscode.commands.registerCommand('codeagent.sendSelectionToAgent', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.selection.isEmpty) return void vscode.window.showWarningMessage('CodeAgent: select some code first.');
      const { start, end } = editor.selection;
      const language = editor.document.languageId;
      const text = editor.document.getText(editor.selection);
      await provider.reveal();
      controller.prefill(`${mention(editor.document.uri)} (lines ${start.line + 1}-${end.line + 1}):\n\`\`\`${language}\n${text}\n\`\`\`\n`);
    }),
    // Inline diff approval arrives with the diff-editor approver; until then these report that nothing is pending.
    vscode.commands.registerCommand('codeagent.acceptDiff', () => vscode.window.showInformationMessage('CodeAgent: no change is waiting for approval.')),
    vscode.commands.registerCommand('codeagent.rejectDiff', () => vscode.window.showInformationMessage('CodeAgent: no change is waiting for approval.')),
  ];
}
