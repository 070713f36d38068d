/** What a tool card shows beyond the result's text (spec §10): a command's exit code and output tail, an edit's size. */
export interface ToolResultDetail {
  exitCode?: number | null;
  timedOut?: boolean;
  durationMs?: number;
  /** Spec §18: the command ran inside the OS sandbox; the card says `sandboxed`. */
  sandboxed?: boolean;
  /** Spec §23: why the command ran without asking; the card says `read-only`, `allowed: <rule>` or `auto-approved`. */
  unasked?: { kind: 'read-only' | 'allowed' | 'sandboxed' | 'auto-approved'; rules?: string[] };
  /** The last lines of a command's output (stdout, then stderr). */
  outputTail?: string;
  /** The file an edit changed and its added/removed line counts. */
  path?: string;
  added?: number;
  removed?: number;
  /** The problems a change newly brought (spec §13), one line each, which the card links to their files. */
  newProblems?: string[];
  /** Spec §21: a Memory write — its diff, and the files as they were for `Undo` (`before` null: the write created it). */
  memory?: MemoryCardDetail;
}

export interface MemoryCardDetail {
  diff: string;
  added: number;
  removed: number;
  undo: { path: string; before: string | null }[];
  /** Set by the host once the user pressed `Undo`: done, or why it failed. */
  undone?: boolean;
  undoError?: string;
}
