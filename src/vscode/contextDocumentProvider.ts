import * as vscode from 'vscode';

export const contextScheme = 'codeagent-context';

/** Serves the last request's context as a read-only virtual document (a content provider has no save). */
export class ContextDocumentProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly current: () => string | undefined) {}

  provideTextDocumentContent(): string {
    return this.current() ?? vscode.l10n.t('No request has been sent in this conversation yet.');
  }

  async show(): Promise<void> {
    const uri = vscode.Uri.parse(`${contextScheme}:Last%20request%20context.md`);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
  }
}
