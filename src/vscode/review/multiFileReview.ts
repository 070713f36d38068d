import * as path from 'node:path';
import * as vscode from 'vscode';
import { l10n } from '../hostL10n';
import type { PendingApprovals } from '../../core/agent/pendingDecisions';
import { fromEditorText } from '../../core/tools/proposalText';
import type { ApprovalDecision, ApprovalRequest } from '../../core/tools/approval';
import { errorMessage } from '../../core/errorMessage';
import { OriginalContentProvider, ProposalFileSystem } from './proposalFileSystem';
import { closeProposalTabs, dirtyEditorOf } from './proposalTabs';

type EditsRequest = Extract<ApprovalRequest, { kind: 'edits' }>;

/**
 * A change of several files (Rename) reviewed once (spec §8, §13): every file in one multi-file diff
 * editor (left the file as it is, right the proposal, editable), decided once in the chat card or the
 * Accept/Reject commands. What the right sides hold when the user accepts is what is written.
 */
export class MultiFileReview {
  constructor(
    private readonly pending: PendingApprovals,
    private readonly proposals: ProposalFileSystem,
    private readonly originals: OriginalContentProvider,
    private readonly workspaceRoot: () => string | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  async request(request: EditsRequest, info: { turnId: string; callId: string; detail: string }, signal: AbortSignal, workspaceRoot?: string): Promise<ApprovalDecision> {
    const root = workspaceRoot ?? this.workspaceRoot();
    const files = request.files.map((file) => ({ ...file, uri: vscode.Uri.file(path.join(root ?? '', file.path)), ...ProposalFileSystem.uris(info.callId, file.path) }));
    const dirty = files.filter((file) => dirtyEditorOf(file.uri)).map((file) => file.path);
    if (dirty.length) {
      return { decision: 'rejected', feedback: `Not applied by CodeAgent: ${dirty.join(', ')} ha${dirty.length === 1 ? 's' : 've'} unsaved changes in an editor, which this change would overwrite. Ask the user to save or discard them, then try again.` };
    }
    // Waiting before the editor opens: a click on the chat card must never arrive before the approval exists.
    const waiting = this.pending.request(request, info, signal);
    for (const file of files) {
      this.originals.set(file.original, file.before);
      this.proposals.set(file.proposal, file.after);
    }
    const title = vscode.l10n.t('{0} (proposed by CodeAgent)', request.title(l10n));
    const shown = this.open(title, files);
    try {
      const decision = await waiting;
      if (decision.decision === 'rejected') return decision;
      const finalContents: Record<string, string> = {};
      for (const file of files) {
        const text = fromEditorText(this.proposals.acceptedText(file.proposal), file.after);
        if (text !== file.after) finalContents[file.path] = text;
      }
      return Object.keys(finalContents).length ? { ...decision, finalContents } : decision;
    } finally {
      await shown.catch(() => undefined);
      await this.close(title, files.map((file) => file.proposal));
      for (const file of files) {
        this.proposals.forget(file.proposal);
        this.originals.forget(file.original);
      }
    }
  }

  private async open(title: string, files: { uri: vscode.Uri; original: vscode.Uri; proposal: vscode.Uri; path: string }[]): Promise<void> {
    try {
      await vscode.commands.executeCommand('vscode.changes', title, files.map((file) => [file.uri, file.original, file.proposal]));
    } catch (error) {
      this.warn(vscode.l10n.t('The diff of {0} could not be opened ({1}); accept or reject the change in the chat.', files.map((f) => f.path).join(', '), errorMessage(error)));
    }
  }

  private async close(title: string, proposals: vscode.Uri[]): Promise<void> {
    // The multi-file diff editor's tab has no typed input in the API; it is known by its title (VS Code appends "(2 files)").
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.label.startsWith(title));
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true).then(undefined, () => undefined);
    for (const proposal of proposals) await closeProposalTabs(proposal);
  }
}
