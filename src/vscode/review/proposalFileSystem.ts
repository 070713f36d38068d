import * as vscode from 'vscode';
import { acceptedProposal } from '../../core/review/acceptedProposal';

export const proposalScheme = 'codeagent-proposal';
export const originalScheme = 'codeagent-original';

/**
 * The right side of a review: an in-memory file the user may edit (so nothing touches the real file until
 * Accept) and the left side: the file as it was, read-only. One pair per tool call:
 * `codeagent-proposal:/<callId>/<workspace path>`.
 */
export class ProposalFileSystem implements vscode.FileSystemProvider {
  private readonly files = new Map<string, { data: Uint8Array; mtime: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  static uris(callId: string, path: string): { proposal: vscode.Uri; original: vscode.Uri } {
    const rest = `/${encodeURIComponent(callId)}/${path}`;
    return { proposal: vscode.Uri.from({ scheme: proposalScheme, path: rest }), original: vscode.Uri.from({ scheme: originalScheme, path: rest }) };
  }

  set(uri: vscode.Uri, text: string): void {
    const existed = this.files.has(uri.toString());
    this.files.set(uri.toString(), { data: new TextEncoder().encode(text), mtime: Date.now() });
    this.changed.fire([{ type: existed ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
  }

  text(uri: vscode.Uri): string | undefined {
    const file = this.files.get(uri.toString());
    return file && new TextDecoder().decode(file.data);
  }

  /** The text Accept writes: the editor's unsaved edit, else the proposal as stored (acceptedProposal.ts). */
  acceptedText(uri: vscode.Uri): string {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return acceptedProposal(this.text(uri), open && { text: open.getText(), dirty: open.isDirty });
  }

  forget(uri: vscode.Uri): void {
    if (this.files.delete(uri.toString())) this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => {});
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const file = this.files.get(uri.toString());
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: file.mtime, mtime: file.mtime, size: file.data.byteLength };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {}

  readFile(uri: vscode.Uri): Uint8Array {
    const file = this.files.get(uri.toString());
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return file.data;
  }

  /** Saving the proposal (Ctrl+S) keeps the user's edit here; Accept reads it. */
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.files.set(uri.toString(), { data: content, mtime: Date.now() });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.forget(uri);
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('Proposals cannot be renamed.');
  }
}

/** The left side: what the file held when the change was proposed (empty for a new file). */
export class OriginalContentProvider implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
  }

  forget(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}
