/**
 * What the editor's language services know (spec §13): problems, definitions, references,
 * implementations, workspace symbols and rename edits. Implemented in src/vscode; a headless host has none.
 * Paths are workspace-relative with POSIX separators when inside the workspace, absolute otherwise.
 * Lines and characters are 0-based; characters count UTF-16 code units, as JavaScript strings do.
 */

export type ProblemSeverity = 'error' | 'warning';

export interface Problem {
  path: string;
  line: number;
  character: number;
  severity: ProblemSeverity;
  /** The reporting tool, e.g. `ts`, `eslint`. */
  source?: string;
  code?: string;
  message: string;
}

export interface SourcePosition {
  path: string;
  line: number;
  character: number;
}

export interface SourceLocation extends SourcePosition {
  /** The text of the location's line, without its line ending. */
  lineText: string;
}

export interface SymbolEntry {
  /** `class`, `function`, `method`, `variable`, … */
  kind: string;
  name: string;
  /** The symbol's container (a class of a method), when the provider gives one. */
  container?: string;
  location: SourcePosition;
}

export interface TextReplacement {
  /** 0-based, end exclusive. */
  start: { line: number; character: number };
  end: { line: number; character: number };
  newText: string;
}

export type RenameOutcome =
  | { kind: 'edits'; files: { path: string; edits: TextReplacement[] }[] }
  /** The provider's own reason (`You cannot rename this element.`), or why there was no provider. */
  | { kind: 'refused'; reason: string };

export interface Disposable {
  dispose(): void;
}

export interface WatchedFile {
  hasLanguageServer: boolean;
  /** The file was not open in an editor before: its problems are only now being computed. */
  newlyOpened: boolean;
}

export interface LanguageServices {
  /** Every problem (errors and warnings) the editor currently knows. */
  problems(): Problem[];
  /** Told which paths' problems changed. */
  onDidChangeProblems(listener: (paths: readonly string[]) => void): Disposable;
  /**
   * Makes the language server check a file (TypeScript's checks only files open in an editor tab, so VS Code
   * gives it a tab without taking the focus), and tells whether a server checks its kind of file.
   */
  watchFile(path: string): Promise<WatchedFile>;
  definitions(at: SourcePosition): Promise<SourceLocation[]>;
  references(at: SourcePosition): Promise<SourceLocation[]>;
  implementations(at: SourcePosition): Promise<SourceLocation[]>;
  workspaceSymbols(query: string): Promise<SymbolEntry[]>;
  rename(at: SourcePosition, newName: string): Promise<RenameOutcome>;
}
