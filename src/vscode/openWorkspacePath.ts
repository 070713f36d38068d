import * as vscode from 'vscode';

/** Opens a mention chip's target: a file in the editor, a folder in the explorer; never anything outside the workspace. */
export async function openWorkspacePath(relativePath: string, log: (message: string) => void): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const normalized = relativePath.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!folder || normalized.startsWith('/') || normalized.split('/').includes('..')) return log(`Refused to open ${relativePath}: not a workspace path.`);
  const uri = vscode.Uri.joinPath(folder.uri, normalized);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) await vscode.commands.executeCommand('revealInExplorer', uri);
    else await vscode.window.showTextDocument(uri, { preview: true });
  } catch {
    void vscode.window.showWarningMessage(`CodeAgent: ${normalized} no longer exists.`);
  }
}
