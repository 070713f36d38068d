import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LineReplacement } from '../../core/inlineReview/fileHunks';

/** The workspace-relative path (forward slashes) the tools and the review use for a file URI, or undefined outside the workspace. */
export function relativePathOf(root: string | undefined, uri: vscode.Uri): string | undefined {
  if (!root || uri.scheme !== 'file') return undefined;
  const rel = path.relative(root, uri.fsPath);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

export function uriOf(root: string, rel: string): vscode.Uri {
  return vscode.Uri.file(path.join(root, rel));
}

/**
 * The review's key for a file: workspace-relative inside the workspace, its absolute path (forward slashes)
 * outside it — a worktree conversation's files (spec §19) — so two copies of one path never share hunks.
 */
export function reviewKeyOf(root: string | undefined, uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'file') return undefined;
  return relativePathOf(root, uri) ?? uri.fsPath.split(path.sep).join('/');
}

/** The file a review key names (see reviewKeyOf); undefined for a relative key without a workspace. */
export function uriOfKey(root: string | undefined, key: string): vscode.Uri | undefined {
  if (path.isAbsolute(key)) return vscode.Uri.file(key);
  return root ? uriOf(root, key) : undefined;
}

/** An open document's line, undefined past its end: how the review checks a hunk still holds the agent's lines. */
export function lineReader(document: vscode.TextDocument): (line: number) => string | undefined {
  return (line) => (line < document.lineCount ? document.lineAt(line).text : undefined);
}

/**
 * Line replacements as one edit of the document, in the document's own line ending. A replacement that reaches the
 * last line (which has no line break after it) takes the break before it instead, so no line is glued or left over.
 */
export function replacementEdit(document: vscode.TextDocument, replacements: readonly LineReplacement[]): vscode.WorkspaceEdit {
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const edit = new vscode.WorkspaceEdit();
  const lastLine = document.lineCount - 1;
  for (const { start, end, lines } of replacements) {
    if (end <= lastLine) {
      edit.replace(document.uri, new vscode.Range(start, 0, end, 0), lines.map((l) => l + eol).join(''));
    } else if (start <= lastLine) {
      const from = lines.length === 0 && start > 0 ? document.lineAt(start - 1).range.end : new vscode.Position(start, 0);
      edit.replace(document.uri, new vscode.Range(from, document.lineAt(lastLine).range.end), lines.join(eol));
    } else {
      edit.insert(document.uri, document.lineAt(lastLine).range.end, lines.map((l) => eol + l).join(''));
    }
  }
  return edit;
}
