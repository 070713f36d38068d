import * as vscode from 'vscode';
import type { InlineReview } from '../../core/inlineReview/inlineReview';
import { hunkMarks } from '../../core/inlineReview/hunkMarks';
import { reviewKeyOf } from './reviewDocuments';

/** `Keep` and `Undo` above each hunk still to review (spec §15). */
export class HunkCodeLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly review: InlineReview, private readonly root: () => string | undefined) {}

  refresh(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.changed.fire();
    }, 30);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const rel = reviewKeyOf(this.root(), document.uri);
    if (!rel) return [];
    return hunkMarks(this.review.hunksOf(rel), document.lineCount).flatMap((mark) => {
      const range = new vscode.Range(mark.anchor, 0, mark.anchor, 0);
      return [
        new vscode.CodeLens(range, { title: vscode.l10n.t('Keep'), command: 'codeagent.keepChange', arguments: [rel, mark.id], tooltip: vscode.l10n.t('Keep this change: remove its marks') }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Undo'), command: 'codeagent.undoChange', arguments: [rel, mark.id], tooltip: mark.touched ? vscode.l10n.t('Its lines were edited since: Undo will say why it cannot') : vscode.l10n.t('Put these lines back as they were before the agent’s change') }),
      ];
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.changed.dispose();
  }
}
