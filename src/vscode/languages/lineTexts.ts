import * as vscode from 'vscode';

/**
 * The text of lines of many files, read once per file: an open document's (possibly unsaved) text, else the
 * file on disk. Opening every referenced file as a document would make the language server load each one.
 */
export class LineTexts {
  private readonly files = new Map<string, Promise<string[]>>();

  async line(uri: vscode.Uri, line: number): Promise<string> {
    const key = uri.toString();
    let lines = this.files.get(key);
    if (!lines) {
      lines = this.read(uri);
      this.files.set(key, lines);
    }
    return (await lines)[line] ?? '';
  }

  private async read(uri: vscode.Uri): Promise<string[]> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return open.getText().split(/\r\n|\r|\n/);
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    } catch {
      return [];
    }
  }
}
