import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceFs } from '../core/ports/workspaceFs';

/**
 * Writes to a file that is open (and unmodified) in an editor go through the editor: one undo step there,
 * the editor up to date at once (a file watcher may miss an atomic rename), and VS Code saves it.
 * Everything else goes to the file system as before.
 */
export function editorAwareFs(fs: WorkspaceFs): WorkspaceFs {
  return {
    root: fs.root,
    realPath: (rel) => fs.realPath(rel),
    stat: (rel) => fs.stat(rel),
    readFile: (rel) => fs.readFile(rel),
    readBytes: (rel) => fs.readBytes(rel),
    readDir: (rel) => fs.readDir(rel),
    deleteFile: (rel) => fs.deleteFile(rel),
    async writeFile(rel, content) {
      const file = vscode.Uri.file(path.join(fs.root, rel));
      const document = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file.fsPath);
      if (!document || document.isDirty || document.isClosed) return fs.writeFile(rel, content);
      const text = content.replace(/^\uFEFF/, '');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
      if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) {
        // The editor refused (read-only, a save participant failed): write the file directly instead.
        return fs.writeFile(rel, content);
      }
    },
  };
}
