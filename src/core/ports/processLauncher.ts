/** Starts commands that keep running (spec §14). Implemented with child_process in src/node/nodeProcessLauncher.ts. */

export interface ProcessLaunchOptions {
  /** The working directory: relative to the window's workspace root, or absolute (a worktree conversation's root, spec §19). */
  cwd: string;
  /** Output of both streams, decoded, in arrival order. */
  onOutput(chunk: string): void;
  /** Once, when the command has exited; `code` is null when a signal ended it. */
  onExit(code: number | null): void;
}

export interface LaunchedProcess {
  /** Signals the command and everything it started (its whole process group). */
  signal(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export interface ProcessLauncher {
  /** Rejects when the command cannot be started at all. */
  launch(command: string, options: ProcessLaunchOptions): Promise<LaunchedProcess>;
}
