import * as vscode from 'vscode';
import type { InlineReview } from '../../core/inlineReview/inlineReview';
import { hunkMarks, type HunkMark } from '../../core/inlineReview/hunkMarks';
import { reviewKeyOf } from './reviewDocuments';

/** How long the marks of a file wait after a change: typing moves VS Code's own decorations meanwhile. */
const renderDelayMs = 30;

/**
 * The hunks in the real editor (spec §15): added lines on the diff editor's inserted background, removed lines as a
 * note after the hunk's first line with the removed text on hover, a pure deletion as a line above the text.
 */
export class HunkDecorations implements vscode.Disposable {
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly removed = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorGutter.deletedBackground'), margin: '0 0 0 2em', fontStyle: 'italic' },
  });
  private readonly deletion = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderColor: new vscode.ThemeColor('editorGutter.deletedBackground'),
    borderStyle: 'solid',
    borderWidth: '2px 0 0 0',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly review: InlineReview, private readonly root: () => string | undefined) {}

  /** Marks `rel` again soon ('' : every visible editor). */
  refresh(rel: string): void {
    if (this.pending.has(rel)) return;
    this.pending.set(rel, setTimeout(() => {
      this.pending.delete(rel);
      for (const editor of vscode.window.visibleTextEditors) {
        const path = reviewKeyOf(this.root(), editor.document.uri);
        if (path && (rel === '' || path === rel)) this.render(editor, path);
      }
    }, renderDelayMs));
  }

  render(editor: vscode.TextEditor, rel: string): void {
    const marks = hunkMarks(this.review.hunksOf(rel), editor.document.lineCount);
    editor.setDecorations(this.added, marks.filter((m) => m.end > m.start).map((m) => new vscode.Range(m.start, 0, m.end - 1, 0)));
    editor.setDecorations(this.removed, marks.filter((m) => m.removed.length > 0).map((m) => removedNote(m)));
    editor.setDecorations(this.deletion, marks.filter((m) => m.end === m.start).map((m) => new vscode.Range(m.anchor, 0, m.anchor, 0)));
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.added.dispose();
    this.removed.dispose();
    this.deletion.dispose();
  }
}

function removedNote(mark: HunkMark): vscode.DecorationOptions {
  const count = mark.removed.length;
  const first = mark.removed.find((line) => line.trim() !== '')?.trim() ?? '';
  const hover = new vscode.MarkdownString();
  hover.appendMarkdown(`**CodeAgent removed ${count} line${count === 1 ? '' : 's'} here**${mark.touched ? ' (since edited: Undo is not possible)' : ''}\n`);
  hover.appendCodeblock(mark.removed.join('\n'));
  return {
    range: new vscode.Range(mark.anchor, Number.MAX_SAFE_INTEGER, mark.anchor, Number.MAX_SAFE_INTEGER),
    hoverMessage: hover,
    renderOptions: { after: { contentText: `− ${count === 1 ? first.slice(0, 60) || '1 line' : `${count} lines`} removed` } },
  };
}
