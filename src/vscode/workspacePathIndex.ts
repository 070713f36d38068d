import * as vscode from 'vscode';
import { rankPathSuggestions, withFolders, type PathSuggestion } from '../core/mentions/fileSuggestions';

const exclude = '**/{node_modules,.git,dist,out,.cache}/**';
const maxFiles = 20_000;

/** Workspace paths for the `@` autocomplete: listed once, dropped when files are created or deleted. */
export class WorkspacePathIndex implements vscode.Disposable {
  private paths: Promise<PathSuggestion[]> | undefined;
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);

  constructor() {
    this.watcher.onDidCreate(() => (this.paths = undefined));
    this.watcher.onDidDelete(() => (this.paths = undefined));
  }

  async suggest(query: string): Promise<PathSuggestion[]> {
    this.paths ??= this.list();
    return rankPathSuggestions(await this.paths, query);
  }

  dispose(): void {
    this.watcher.dispose();
  }

  private async list(): Promise<PathSuggestion[]> {
    const uris = await vscode.workspace.findFiles('**/*', exclude, maxFiles);
    return withFolders(uris.map((uri) => vscode.workspace.asRelativePath(uri, false)).sort());
  }
}
