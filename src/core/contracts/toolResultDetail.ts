/** What a tool card shows beyond the result's text (spec §10): a command's exit code and output tail, an edit's size. */
export interface ToolResultDetail {
  exitCode?: number | null;
  timedOut?: boolean;
  durationMs?: number;
  /** Spec §18: the command ran inside the OS sandbox; the card says `sandboxed`. */
  sandboxed?: boolean;
  /** The last lines of a command's output (stdout, then stderr). */
  outputTail?: string;
  /** The file an edit changed and its added/removed line counts. */
  path?: string;
  added?: number;
  removed?: number;
  /** The problems a change newly brought (spec §13), one line each, which the card links to their files. */
  newProblems?: string[];
}
