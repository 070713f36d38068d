/** Runs shell commands for the Bash tool. Implemented with child_process in src/node/nodeCommandRunner.ts. */
import type { CommandSandbox } from './commandSandbox';
import type { ShellParser } from './shellParser';

export interface CommandRunOptions {
  /** Workspace-relative working directory ('.' for the root). */
  cwd: string;
  timeoutMs: number;
  /** Aborting kills the command and everything it started. */
  signal?: AbortSignal;
  /**
   * Spec §23: it runs without the user having asked (read-only, allowed, sandboxed, auto-approved): no variable whose
   * name says key, token, secret or password reaches it. The agent's own keys never reach any command.
   */
  unasked?: boolean;
  /** Variables set for this command alone (a confined command's private TMPDIR). */
  env?: Readonly<Record<string, string>>;
  /** Live output for the UI, decoded, in arrival order. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}

export interface CommandResult {
  /** null when the process was killed by a signal. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Output beyond the cap was dropped from the middle; the text says where. */
  truncated: boolean;
  durationMs: number;
  /**
   * Set when the command was stopped because it seemed to wait for input (spec §14: no output for
   * inputWaitMs and the last line without a newline): that last line, the prompt.
   */
  waitingForInput?: string;
  inputWaitMs?: number;
}

export interface CommandRunner {
  /** Spec §18: where the commands of this runner may be confined; absent where there is none. */
  readonly sandbox?: CommandSandbox;
  /** Spec §23: how the shell reads a command line, for judging it before it runs; absent: every command asks. */
  readonly parser?: ShellParser;
  run(command: string, options: CommandRunOptions): Promise<CommandResult>;
}
