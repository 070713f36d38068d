/** How one hook command ended. `exitCode` is null when it was killed (timeout, cancel) or could not start. */
export interface HookRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why it could not start, when it could not. */
  error?: string;
}

export interface HookRunOptions {
  /** The event's JSON, written to the command's stdin. */
  stdin: string;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Runs a hook's `command` in a shell (implemented in src/node/hooks: own process group, killed whole on timeout, no API key in its environment). */
export interface HookRunner {
  run(command: string, options: HookRunOptions): Promise<HookRun>;
}
