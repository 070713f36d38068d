import type { UserText } from './translator';

/**
 * Spec §18: the OS sandbox the agent's commands run in when `sandbox.enabled` is on. Implemented with
 * @anthropic-ai/sandbox-runtime in src/node/sandbox/runtimeSandbox.ts.
 */

export type SandboxStatus =
  | { state: 'off' }
  /** `policy`: what a sandboxed command may do, in words the model can act on. */
  | { state: 'ready'; policy: string }
  /** Why not, and `hint`: how the user can make it available (an install command); both in the user's words (spec §20). */
  | { state: 'unavailable'; reason: UserText; hint?: UserText };

export interface SandboxedCommand {
  /** A command line that runs the command inside the sandbox, for the same shell as any other command. */
  line: string;
  /** What the sandbox reported blocking for this command so far, one line each (a path or a host). */
  blocked(): string[];
  /** Variables the command must run with (a read-only command's private TMPDIR). */
  env?: Readonly<Record<string, string>>;
  /** Once the command has exited: what the sandbox held for it is freed. */
  release(): void;
}

export interface CommandSandbox {
  /**
   * Spec §23: whether a command judged read-only can be confined here, whatever `sandbox.enabled` says (bubblewrap
   * or Seatbelt present and working). Undefined where it cannot: the judge then stands alone.
   */
  readOnly?(): Promise<boolean>;
  /**
   * Wraps a command judged read-only: no write but /dev/null and a temp folder of its own (its TMPDIR, in `env`,
   * removed on release), no network, the secret files unreadable. Rejects when the sandbox cannot be set up for it.
   */
  wrapReadOnly?(command: string, id: string): Promise<SandboxedCommand>;
  /** `root`: the conversation's workspace root, when it is not one of the window's folders (a worktree, spec §19). */
  status(root?: string): Promise<SandboxStatus>;
  /**
   * Rejects when the sandbox cannot be set up for this command: it must then ask, never run bare. `root`: as in
   * status; the command may then write in that root alone (and the temp dir).
   */
  wrap(command: string, id: string, root?: string): Promise<SandboxedCommand>;
}
