import * as vscode from 'vscode';
import { InlineReview } from '../../core/inlineReview/inlineReview';
import type { WorkspaceFs } from '../../core/ports/workspaceFs';
import type { Settings } from '../../core/settings';
import { HunkCodeLens } from './hunkCodeLens';
import { HunkDecorations } from './hunkDecorations';
import { InlineReviewController } from './inlineReviewController';
import { InlineReviewPanel } from './inlineReviewPanel';
import { reviewKeyOf, uriOf } from './reviewDocuments';
import { reviewedFs } from './reviewedFs';

/** What the composition root gets from spec §15's wiring. */
export interface InlineReviewSetup {
  /** The agent's file system: its writes recorded as hunks while review after edits is on. */
  wrapFs(fs: WorkspaceFs): WorkspaceFs;
  /** The model's reminder of what the user undid (AgentSessionDeps.inputReminder / requestReminder). */
  takeReminder(): string;
  /** Revert or Restore checkpoint put these files (relative to `root`) back: their marks are dropped. */
  forget(paths: readonly string[], root: string): void;
  panel: InlineReviewPanel;
  disposables: vscode.Disposable[];
}

/** Spec §15 for the window: the review, its marks and CodeLens, the document feed, the commands and the panel part. */
export function setUpInlineReview(options: {
  memento: vscode.Memento;
  settings: () => Settings;
  workspaceRoot: () => string | undefined;
  log: (message: string) => void;
}): InlineReviewSetup {
  const { memento, settings, workspaceRoot } = options;
  const review = new InlineReview(InlineReviewController.savedState(memento));
  const warn = (message: string) => {
    options.log(message);
    void vscode.window.showWarningMessage(`CodeAgent: ${message}`);
  };
  const controller = new InlineReviewController(review, workspaceRoot, memento, warn);
  const afterMode = () => settings().approval.editReview === 'after';
  const decorations = new HunkDecorations(review, workspaceRoot);
  const codeLens = new HunkCodeLens(review, workspaceRoot);
  const relOf = (target: unknown) => (typeof target === 'string' ? target : target instanceof vscode.Uri ? reviewKeyOf(workspaceRoot(), target) : undefined);
  const activeRel = () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return uri ? reviewKeyOf(workspaceRoot(), uri) : undefined;
  };
  // From the editor title: that editor's file; from the palette: the active file when it has changes, else every file.
  const scope = (target: unknown) => {
    const rel = relOf(target) ?? activeRel();
    return rel !== undefined && review.hunksOf(rel).length > 0 ? rel : undefined;
  };
  const updateContext = () => {
    const rel = activeRel();
    void vscode.commands.executeCommand('setContext', 'codeagent.hasChangesToReview', rel !== undefined && review.hunksOf(rel).length > 0);
  };
  const panel = new InlineReviewPanel(review, afterMode, {
    setAfterMode: (on) => void vscode.workspace.getConfiguration('codeagent').update('approval.editReview', on ? 'after' : 'before', vscode.ConfigurationTarget.Global),
    keepAll: () => review.keepAll(),
    undoAll: () => void controller.undoAll(),
  });
  review.onChange((rel) => {
    decorations.refresh(rel);
    codeLens.refresh();
    updateContext();
    panel.send();
  });
  decorations.refresh('');
  updateContext();
  return {
    wrapFs: (fs) => reviewedFs(fs, controller, afterMode),
    takeReminder: () => review.takeReminder(),
    forget: (paths, root) => paths.forEach((path) => review.forget(reviewKeyOf(workspaceRoot(), uriOf(root, path)) ?? path)),
    panel,
    disposables: [
      decorations,
      codeLens,
      { dispose: () => controller.dispose() },
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, codeLens),
      vscode.workspace.onDidChangeTextDocument((event) => controller.onDocumentChange(event)),
      vscode.window.onDidChangeVisibleTextEditors(() => decorations.refresh('')),
      vscode.window.onDidChangeActiveTextEditor(updateContext),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('codeagent.approval.editReview')) panel.send();
      }),
      vscode.commands.registerCommand('codeagent.keepChange', (rel: unknown, id: unknown) => {
        if (typeof rel === 'string' && typeof id === 'string') controller.keep(rel, id);
      }),
      vscode.commands.registerCommand('codeagent.undoChange', async (rel: unknown, id: unknown) => {
        if (typeof rel === 'string' && typeof id === 'string') await controller.undo(rel, id);
      }),
      vscode.commands.registerCommand('codeagent.keepAllChanges', (target?: unknown) => review.keepAll(scope(target))),
      vscode.commands.registerCommand('codeagent.undoAllChanges', (target?: unknown) => controller.undoAll(scope(target))),
    ],
  };
}
