import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RecordedChange } from '../../core/review/changeRecorder';
import type { RestorePlan } from '../../core/review/restoreCheckpoint';
import type { ChangeTextProvider } from './changeTextProvider';
import type { ReviewUi } from './reviewActions';

/** ReviewUi in VS Code: read-only before/after documents, the multi-file diff, a modal confirmation. */
export function vscodeReviewUi(texts: ChangeTextProvider, log: (message: string) => void): ReviewUi {
  const sides = (conversationId: string, turnId: string, change: RecordedChange) => {
    const key = { conversationId, turnId, path: change.path };
    return { before: texts.uriFor({ ...key, side: 'before' }, change.before ?? ''), after: texts.uriFor({ ...key, side: 'after' }, change.after ?? '') };
  };
  return {
    openChangeDiff(conversationId, turnId, change) {
      const { before, after } = sides(conversationId, turnId, change);
      void vscode.commands.executeCommand('vscode.diff', before, after, vscode.l10n.t('{0} (changed by CodeAgent)', path.posix.basename(change.path)), { preview: true });
    },
    openAllChanges(conversationId, turnId, changes, root) {
      const resources = changes.map((change) => {
        const { before, after } = sides(conversationId, turnId, change);
        return [vscode.Uri.file(path.join(root, change.path)), before, after];
      });
      void vscode.commands.executeCommand('vscode.changes', changes.length === 1 ? vscode.l10n.t('Changes by CodeAgent ({0} file)', changes.length) : vscode.l10n.t('Changes by CodeAgent ({0} files)', changes.length), resources);
    },
    async confirmRestore(plan: RestorePlan) {
      const lines = [
        ...(plan.toRestore.length ? [vscode.l10n.t('Restore: {0}', plan.toRestore.join(', '))] : []),
        ...(plan.toDelete.length ? [vscode.l10n.t('Delete (created since): {0}', plan.toDelete.join(', '))] : []),
        ...(plan.changedOutside.length ? [vscode.l10n.t('Changed outside CodeAgent since (kept unless you choose to overwrite): {0}', plan.changedOutside.join(', '))] : []),
        vscode.l10n.t('This message and everything after it are removed from the conversation; its text goes back into the input.'),
        vscode.l10n.t('Changes made by commands the agent ran (Bash) were not recorded and are not undone.'),
      ];
      const restore = vscode.l10n.t('Restore');
      const overwrite = vscode.l10n.t('Restore and overwrite outside changes');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Restore the checkpoint of this message?'), { modal: true, detail: lines.join('\n') }, restore, ...(plan.changedOutside.length ? [overwrite] : []));
      return choice === restore ? 'restore' : choice === overwrite ? 'overwrite' : undefined;
    },
    info(message) {
      log(message);
      void vscode.window.showInformationMessage(`CodeAgent: ${message}`);
    },
    warn(message) {
      log(message);
      void vscode.window.showWarningMessage(`CodeAgent: ${message}`);
    },
  };
}
