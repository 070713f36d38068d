import * as vscode from 'vscode';

/**
 * Opens a mention chip's target (or a result's file:line): a file in the editor, a folder in the explorer; never
 * anything outside the workspace — `root`, the conversation's (a worktree's, spec §19), else the window's folder.
 */
export async function openWorkspacePath(relativePath: string, log: (message: string) => void, line?: number, root?: string): Promise<void> {
  const folder = root ? vscode.Uri.file(root) : vscode.workspace.workspaceFolders?.[0]?.uri;
  const normalized = relativePath.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!folder || normalized.startsWith('/') || normalized.split('/').includes('..')) return log(`Refused to open ${relativePath}: not a workspace path.`);
  const uri = vscode.Uri.joinPath(folder, normalized);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) await vscode.commands.executeCommand('revealInExplorer', uri);
    else {
      const at = line ? new vscode.Position(line - 1, 0) : undefined;
      await vscode.window.showTextDocument(uri, { preview: true, ...(at ? { selection: new vscode.Range(at, at) } : {}) });
    }
  } catch {
    void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: {0} no longer exists.', normalized));
  }
}
