import * as path from 'node:path';
import * as vscode from 'vscode';

/** Between the language services' URIs and the tools' paths: workspace-relative POSIX inside, absolute outside. */
export class WorkspacePaths {
  constructor(private readonly root: () => string | undefined) {}

  pathOf(uri: vscode.Uri): string | undefined {
    if (uri.scheme !== 'file') return undefined;
    const root = this.root();
    if (!root) return uri.fsPath;
    const relative = path.relative(root, uri.fsPath);
    return relative.startsWith('..') || path.isAbsolute(relative) ? uri.fsPath : relative.split(path.sep).join('/') || '.';
  }

  inWorkspace(uri: vscode.Uri): boolean {
    const found = this.pathOf(uri);
    return found !== undefined && !path.isAbsolute(found);
  }

  uriOf(workspacePath: string): vscode.Uri {
    return vscode.Uri.file(path.isAbsolute(workspacePath) ? workspacePath : path.join(this.root() ?? '', workspacePath));
  }
}
