import * as vscode from 'vscode';
import type { WorkspaceFs } from '../../core/ports/workspaceFs';
import type { InlineReviewController } from './inlineReviewController';
import { reviewKeyOf, uriOf } from './reviewDocuments';

/**
 * The agent's file system in review-after-edits mode (spec §15): every write is recorded as hunks to Keep or Undo,
 * and a file with unsaved changes is read from and edited in its buffer, then saved, so the user's typing is
 * neither lost nor overwritten. In `before` mode it is `fs` unchanged.
 */
export function reviewedFs(fs: WorkspaceFs, controller: InlineReviewController, afterMode: () => boolean): WorkspaceFs {
  // The file under the fs's own root: the user's tree, or a worktree conversation's (spec §19).
  const dirtyDocument = (rel: string) => {
    const file = uriOf(fs.root, rel).fsPath;
    return vscode.workspace.textDocuments.find((d) => d.isDirty && !d.isClosed && d.uri.scheme === 'file' && d.uri.fsPath === file);
  };
  const read = (rel: string) => fs.readFile(rel).catch(() => undefined);
  return {
    root: fs.root,
    realPath: (rel) => fs.realPath(rel),
    stat: (rel) => fs.stat(rel),
    readDir: (rel) => fs.readDir(rel),
    deleteFile: (rel) => fs.deleteFile(rel),
    readFile: async (rel) => (afterMode() ? dirtyDocument(rel)?.getText() : undefined) ?? fs.readFile(rel),
    readBytes: (rel) => fs.readBytes(rel),
    async writeFile(rel, content) {
      if (!afterMode()) return fs.writeFile(rel, content);
      const key = reviewKeyOf(controller.root(), uriOf(fs.root, rel)) ?? rel;
      await controller.agentWrite(key, () => read(rel), async () => {
        const document = dirtyDocument(rel);
        if (!document) return fs.writeFile(rel, content);
        const edit = new vscode.WorkspaceEdit();
        edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), content.replace(/^\uFEFF/, ''));
        if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) return fs.writeFile(rel, content);
      });
    },
  };
}
