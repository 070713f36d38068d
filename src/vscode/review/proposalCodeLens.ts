import * as vscode from 'vscode';
import type { DiffEditorApprover } from './diffEditorApprover';
import { proposalScheme } from './proposalFileSystem';
import { firstChangedLine } from '../../core/review/firstChangedLine';

/** Accept / Reject above the first change of a proposal (spec §8), beside the title bar and the chat card. */
export class ProposalCodeLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly approver: DiffEditorApprover, private readonly original: (uri: vscode.Uri) => string) {}

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme !== proposalScheme) return [];
    const review = this.approver.reviewOf(document.uri);
    if (!review) return [];
    const line = Math.min(firstChangedLine(this.original(review.uris.original), document.getText()), Math.max(0, document.lineCount - 1));
    const range = new vscode.Range(line, 0, line, 0);
    // A lens without a command is a label: why this edit is asked although edits may be auto-approved.
    const reason = review.reason ? [new vscode.CodeLens(range, { title: `$(shield) ${review.reason}`, tooltip: review.reason, command: '' })] : [];
    return [
      ...reason,
      new vscode.CodeLens(range, { title: `$(check) ${vscode.l10n.t('Accept')}`, tooltip: vscode.l10n.t('Write this change (with your edits) — CodeAgent: Accept'), command: 'codeagent.acceptDiff', arguments: [review.callId] }),
      new vscode.CodeLens(range, { title: `$(close) ${vscode.l10n.t('Reject')}`, tooltip: vscode.l10n.t('Reject this change, with optional feedback — CodeAgent: Reject'), command: 'codeagent.rejectDiff', arguments: [review.callId] }),
    ];
  }
}
