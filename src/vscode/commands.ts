import * as vscode from 'vscode';
import type { PendingApprovals } from '../core/agent/pendingDecisions';
import type { ApprovalDecision } from '../core/tools/approval';
import type { ApiKeyStore } from './apiKeyStore';
import type { ChatController } from './chatController';
import type { ChatViewProvider } from './chatViewProvider';
import type { DiffEditorApprover } from './review/diffEditorApprover';

export function registerCommands(controller: ChatController, provider: ChatViewProvider, apiKeys: ApiKeyStore, approvals: PendingApprovals, reviews: DiffEditorApprover): vscode.Disposable[] {
  // The title bar and the CodeLens act on the proposal they belong to; the palette on the latest edit.
  const target = (callId: unknown) => (typeof callId === 'string' ? callId : reviews.reviewOf(vscode.window.activeTextEditor?.document.uri)?.callId);
  const decide = (callId: unknown, decision: ApprovalDecision) => {
    const id = target(callId);
    const decided = id ? approvals.decide(id, decision) : approvals.decideLatestEdit(decision);
    if (!decided) void vscode.window.showInformationMessage(vscode.l10n.t('CodeAgent: no change is waiting for approval.'));
  };
  approvals.onChange = (waitingEdits) => void vscode.commands.executeCommand('setContext', 'codeagent.diffPending', waitingEdits > 0);
  const mention = (uri: vscode.Uri) => `@${vscode.workspace.asRelativePath(uri, false)}`;
  return [
    vscode.commands.registerCommand('codeagent.newChat', () => controller.newChat()),
    vscode.commands.registerCommand('codeagent.focusChat', () => provider.reveal()),
    vscode.commands.registerCommand('codeagent.showHistory', () => provider.showHistory()),
    vscode.commands.registerCommand('codeagent.setApiKey', async () => {
      if (await apiKeys.promptAndStore()) controller.refreshOnboarding();
    }),
    vscode.commands.registerCommand('codeagent.sendFileToAgent', async (uri?: vscode.Uri, selected?: vscode.Uri[]) => {
      const targets = selected?.length ? selected : [uri ?? vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => !!u);
      if (targets.length === 0) return void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: no file to send. Right-click a file or open one in the editor.'));
      await provider.reveal();
      controller.prefill(`${targets.map(mention).join(' ')} `);
    }),
    vscode.commands.registerCommand('codeagent.sendSelectionToAgent', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.selection.isEmpty) return void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: select some code first.'));
      const { start, end } = editor.selection;
      // A selection ending at the start of a line does not include that line.
      const last = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
      await provider.reveal();
      controller.prefill(`${mention(editor.document.uri)}:L${start.line + 1}-L${last} `);
    }),
    vscode.commands.registerCommand('codeagent.acceptDiff', (callId?: unknown) => decide(callId, { decision: 'accepted' })),
    vscode.commands.registerCommand('codeagent.rejectDiff', async (callId?: unknown) => {
      const id = target(callId);
      const feedback = await vscode.window.showInputBox({ title: vscode.l10n.t('Reject the change'), prompt: vscode.l10n.t('Optional feedback for the agent'), ignoreFocusOut: true });
      if (feedback !== undefined) decide(id, { decision: 'rejected', feedback: feedback.trim() || undefined });
    }),
  ];
}
