import * as vscode from 'vscode';
import type { InlineReview, InlineReviewState } from '../../core/inlineReview/inlineReview';
import { spliceOf } from '../../core/inlineReview/lineSplice';
import { lineReader, replacementEdit, reviewKeyOf, uriOfKey } from './reviewDocuments';

const stateKey = 'codeagent.inlineReview';

/**
 * Spec §15 between the review and VS Code: the agent's writes recorded as hunks, every other edit of a file fed to
 * the tracker as line splices, Keep and Undo applied to the documents, and the state kept in the workspace state
 * so undecided hunks survive a reload.
 */
export class InlineReviewController {
  /** Files the extension itself is editing (the agent's write, an Undo): their change events are not someone else's edits. */
  private readonly ownEdits = new Map<string, number>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly review: InlineReview,
    readonly root: () => string | undefined,
    private readonly memento: vscode.Memento,
    private readonly warn: (message: string) => void,
  ) {
    review.onChange(() => this.saveSoon());
  }

  static savedState(memento: vscode.Memento): InlineReviewState | undefined {
    return memento.get<InlineReviewState>(stateKey);
  }

  /** The agent writes `rel` (through `write`); what the file held before and after becomes the file's hunks. */
  async agentWrite(rel: string, read: () => Promise<string | undefined>, write: () => Promise<void>): Promise<void> {
    const document = this.openDocument(rel);
    const before = document ? document.getText() : await read();
    await this.asOwnEdit(rel, write);
    // What landed, after the editor's save participants (formatting) had their say.
    const after = this.openDocument(rel)?.getText() ?? (await read());
    if (after !== undefined) this.review.agentEdit(rel, before, after);
  }

  onDocumentChange(event: vscode.TextDocumentChangeEvent): void {
    if (event.contentChanges.length === 0) return;
    const rel = reviewKeyOf(this.root(), event.document.uri);
    if (!rel || this.ownEdits.has(rel) || this.review.hunksOf(rel).length === 0) return;
    // Ranges are in the text before the event: applied bottom-up, each stays true.
    const changes = [...event.contentChanges].sort((a, b) => b.range.start.compareTo(a.range.start));
    for (const change of changes) {
      const { start, end } = change.range;
      this.review.otherEdit(rel, spliceOf({ startLine: start.line, startCharacter: start.character, endLine: end.line, endCharacter: end.character, text: change.text }));
    }
  }

  keep(rel: string, id: string): void {
    this.review.keep(rel, id);
  }

  async undo(rel: string, id: string): Promise<void> {
    const uri = uriOfKey(this.root(), rel);
    if (!uri) return;
    const document = await vscode.workspace.openTextDocument(uri);
    const outcome = this.review.undo(rel, id, lineReader(document));
    if (!outcome.ok) return this.warn(outcome.message);
    await this.applyAndSave(rel, document, replacementEdit(document, [outcome.replacement]));
  }

  /** Undo all: of one file, or of every file; changes the user edited since are left marked, and said so. */
  async undoAll(rel?: string): Promise<void> {
    const refused: string[] = [];
    for (const path of rel === undefined ? this.review.paths() : [rel]) {
      const uri = uriOfKey(this.root(), path);
      if (!uri) continue;
      const document = await vscode.workspace.openTextDocument(uri);
      const outcome = this.review.undoAll(path, lineReader(document));
      refused.push(...outcome.refused);
      if (outcome.replacements.length) await this.applyAndSave(path, document, replacementEdit(document, outcome.replacements));
    }
    if (refused.length) this.warn(refused.join(' '));
  }

  dispose(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    void this.memento.update(stateKey, this.review.state());
  }

  private async applyAndSave(rel: string, document: vscode.TextDocument, edit: vscode.WorkspaceEdit): Promise<void> {
    await this.asOwnEdit(rel, async () => {
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the editor refused the edit');
      await document.save();
    }).catch((error: unknown) => this.warn(vscode.l10n.t('Undo of {0} failed: {1}. Nothing else was changed.', rel, error instanceof Error ? error.message : String(error))));
  }

  private async asOwnEdit<T>(rel: string, action: () => Promise<T>): Promise<T> {
    this.ownEdits.set(rel, (this.ownEdits.get(rel) ?? 0) + 1);
    try {
      return await action();
    } finally {
      const left = (this.ownEdits.get(rel) ?? 1) - 1;
      if (left > 0) this.ownEdits.set(rel, left);
      else this.ownEdits.delete(rel);
    }
  }

  private openDocument(rel: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => !d.isClosed && reviewKeyOf(this.root(), d.uri) === rel);
  }

  private saveSoon(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.memento.update(stateKey, this.review.state());
    }, 200);
  }
}
