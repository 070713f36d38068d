import * as vscode from 'vscode';
import type { Disposable, LanguageServices, Problem, RenameOutcome, SourceLocation, SourcePosition, SymbolEntry, WatchedFile } from '../../core/ports/languageServices';
import { errorMessage } from '../../core/errorMessage';
import { answerWithin } from '../../core/languageServices/answerWithin';
import type { Clock } from '../../core/ports/clock';
import { systemClock } from '../../node/systemClock';
import { LineTexts } from './lineTexts';
import { WorkspacePaths } from './workspacePaths';

type AnyLocation = vscode.Location | vscode.LocationLink;

const unservedRecheckMs = 30_000;
/**
 * How long a first look at a kind of file may wait for its server's symbols: spec §13's default wait. A server still
 * starting (TypeScript's took 15 s on a loaded machine) must not hold up an accepted edit: its file is taken as
 * unserved for this change, and as served once the answer comes.
 */
const serverProbeMs = 2_000;

const extensionOf = (path: string) => /(\.[^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? path.slice(path.lastIndexOf('/') + 1);

function isInTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((group) => group.tabs.some(({ input }) =>
    (input instanceof vscode.TabInputText && input.uri.toString() === key) ||
    (input instanceof vscode.TabInputTextDiff && (input.modified.toString() === key || input.original.toString() === key))));
}

/**
 * Spec §13 on VS Code: diagnostics and the `vscode.execute*Provider` commands. A kind of file has a server
 * once diagnostics were seen for a file of that extension, or when a document of it has symbols.
 */
export class VscodeLanguageServices implements LanguageServices, vscode.Disposable {
  private readonly paths: WorkspacePaths;
  /** File extensions a language server reports problems for, and those it does not (spec §13: those cost no wait). */
  private readonly served = new Set<string>();
  private readonly unserved = new Map<string, number>();
  private readonly subscription: vscode.Disposable;

  constructor(root: () => string | undefined, private readonly clock: Clock = systemClock) {
    this.paths = new WorkspacePaths(root);
    this.noteLanguages(vscode.languages.getDiagnostics().map(([uri]) => uri));
    this.subscription = vscode.languages.onDidChangeDiagnostics((event) => this.noteLanguages(event.uris));
  }

  dispose(): void {
    this.subscription.dispose();
  }

  problems(): Problem[] {
    const problems: Problem[] = [];
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      const path = this.paths.inWorkspace(uri) ? this.paths.pathOf(uri) : undefined;
      if (path === undefined) continue;
      for (const d of diagnostics) {
        if (d.severity !== vscode.DiagnosticSeverity.Error && d.severity !== vscode.DiagnosticSeverity.Warning) continue;
        const code = typeof d.code === 'object' ? d.code.value : d.code;
        problems.push({
          path,
          line: d.range.start.line,
          character: d.range.start.character,
          severity: d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning',
          ...(d.source ? { source: d.source } : {}),
          ...(code !== undefined && code !== '' ? { code: String(code) } : {}),
          message: d.message,
        });
      }
    }
    return problems;
  }

  onDidChangeProblems(listener: (paths: readonly string[]) => void): Disposable {
    return vscode.languages.onDidChangeDiagnostics((event) => {
      const paths = event.uris.filter((uri) => this.paths.inWorkspace(uri)).map((uri) => this.paths.pathOf(uri)!);
      if (paths.length) listener(paths);
    });
  }

  async watchFile(path: string): Promise<WatchedFile> {
    const uri = this.paths.uriOf(path);
    if (!(await this.hasLanguageServer(uri))) return { hasLanguageServer: false, newlyOpened: false };
    const inTab = isInTab(uri);
    // TypeScript checks only files open in an editor tab (its TabResourceTracker), not documents merely opened:
    // the file gets a tab, without taking the focus, as peers show the file they just changed. Not a preview
    // tab: the next file's would replace it, and the server would drop the first file's problems.
    if (!inTab) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false, preserveFocus: true });
    return { hasLanguageServer: true, newlyOpened: !inTab };
  }

  async definitions(at: SourcePosition): Promise<SourceLocation[]> {
    return this.locations('vscode.executeDefinitionProvider', at);
  }

  async references(at: SourcePosition): Promise<SourceLocation[]> {
    return this.locations('vscode.executeReferenceProvider', at);
  }

  async implementations(at: SourcePosition): Promise<SourceLocation[]> {
    return this.locations('vscode.executeImplementationProvider', at);
  }

  async workspaceSymbols(query: string): Promise<SymbolEntry[]> {
    const found = (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query)) ?? [];
    return found.flatMap((symbol) => {
      const path = this.paths.pathOf(symbol.location.uri);
      if (path === undefined) return [];
      const entry: SymbolEntry = { kind: (vscode.SymbolKind[symbol.kind] ?? 'symbol').toLowerCase(), name: symbol.name, location: { path, line: symbol.location.range.start.line, character: symbol.location.range.start.character } };
      return [symbol.containerName ? { ...entry, container: symbol.containerName } : entry];
    });
  }

  async rename(at: SourcePosition, newName: string): Promise<RenameOutcome> {
    const document = await vscode.workspace.openTextDocument(this.paths.uriOf(at.path));
    let edit: vscode.WorkspaceEdit | undefined;
    try {
      edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', document.uri, new vscode.Position(at.line, at.character), newName);
    } catch (error) {
      // The provider's reason, e.g. "You cannot rename this element."
      return { kind: 'refused', reason: errorMessage(error) };
    }
    if (!edit) return { kind: 'refused', reason: `no rename provider for ${document.languageId} files.` };
    const files: { path: string; edits: { start: vscode.Position; end: vscode.Position; newText: string }[] }[] = [];
    for (const [uri, edits] of edit.entries()) {
      const path = this.paths.pathOf(uri);
      if (path === undefined) return { kind: 'refused', reason: `the edit would change ${uri.toString()}, which is not a file.` };
      files.push({ path, edits: edits.map((e) => ({ start: e.range.start, end: e.range.end, newText: e.newText })) });
    }
    return {
      kind: 'edits',
      files: files.map((f) => ({ path: f.path, edits: f.edits.map((e) => ({ start: { line: e.start.line, character: e.start.character }, end: { line: e.end.line, character: e.end.character }, newText: e.newText })) })),
    };
  }

  private async locations(command: string, at: SourcePosition): Promise<SourceLocation[]> {
    const document = await vscode.workspace.openTextDocument(this.paths.uriOf(at.path));
    const found = (await vscode.commands.executeCommand<AnyLocation[] | undefined>(command, document.uri, new vscode.Position(at.line, at.character))) ?? [];
    const lines = new LineTexts();
    const located = await Promise.all(found.map(async (l) => {
      const uri = 'targetUri' in l ? l.targetUri : l.uri;
      const range = 'targetUri' in l ? (l.targetSelectionRange ?? l.targetRange) : l.range;
      const path = this.paths.pathOf(uri);
      return path === undefined ? undefined : { path, line: range.start.line, character: range.start.character, lineText: await lines.line(uri, range.start.line) };
    }));
    return located.filter((l): l is SourceLocation => l !== undefined);
  }

  private noteLanguages(uris: readonly vscode.Uri[]): void {
    for (const uri of uris) {
      const extension = extensionOf(uri.path);
      this.served.add(extension);
      this.unserved.delete(extension);
    }
  }

  /**
   * Known from the file's extension once diagnostics were seen for one like it (served) or a document of its
   * kind with content had no symbols (unserved: no wait, not even opening it); else asked once.
   */
  private async hasLanguageServer(uri: vscode.Uri): Promise<boolean> {
    const extension = extensionOf(uri.path);
    if (this.served.has(extension)) return true;
    // Asked again after a while: a server still starting (TypeScript's, just activated) had no symbols yet.
    if (this.clock.now() - (this.unserved.get(extension) ?? -Infinity) < unservedRecheckMs) return false;
    const document = await vscode.workspace.openTextDocument(uri);
    const asked = vscode.commands.executeCommand<unknown[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri).then((s) => s, () => undefined);
    const probe = await answerWithin(asked, this.clock, serverProbeMs);
    if (!probe.answered) {
      void asked.then((late) => late?.length && this.served.add(extension));
      this.unserved.set(extension, this.clock.now());
      return false;
    }
    const symbols = probe.value;
    if (symbols?.length) {
      this.served.add(extension);
      return true;
    }
    // An empty document has no symbols whatever its server: only a document with content tells.
    if (document.getText().trim() !== '') this.unserved.set(extension, this.clock.now());
    return false;
  }
}
