import type { ParsedShellCommand } from '../ports/shellParser';
import type { UserText } from '../ports/translator';

/**
 * What Write/Edit/MultiEdit, Bash and MCP tools ask the user before acting (spec §8). The agent turn decides auto-approval.
 * What the card shows in words (a reason, a title) is UserText, worded in the user's language when the card is made
 * (spec §20); nothing of it goes to the model.
 */

export type ApprovalRequest =
  | {
      kind: 'edit';
      tool: string;
      path: string;
      /** undefined when the file is being created. */
      before: string | undefined;
      after: string;
      /** Set for a file that configures the agent or runs code on open: always asked, and the card says why. */
      reason?: UserText;
    }
  /** One change of several files (Rename, spec §13), approved once for all of them. */
  | { kind: 'edits'; tool: string; title: UserText; files: EditedFile[]; reason?: UserText }
  /**
   * `background`: Bash with run_in_background (spec §14), which keeps running after the call; the card says so.
   * Spec §18: `sandboxed` runs inside the OS sandbox, unasked; `outsideSandbox` (the card's line saying why it runs
   * outside it) is always asked; `sandboxUnavailable` (the line saying why no sandbox could be used) is asked as any command.
   */
  | {
      kind: 'command';
      command: string;
      cwd: string;
      background?: true;
      sandboxed?: true;
      outsideSandbox?: UserText;
      sandboxUnavailable?: UserText;
      /** Spec §23: the line as the shell parser read it, judged sub-command by sub-command; absent: not parsed, it asks. */
      parsed?: ParsedShellCommand;
      /** Set by the gate when it asks: the rules `Always allow` adds to the user's approval.commandAllowList. */
      alwaysAllow?: string[];
    }
  /** An MCP server's tool (spec §12): approved like a command unless it is read-only or listed in approval.autoApproveMcpTools. */
  | { kind: 'mcp'; tool: string; server: string; serverTool: string; arguments: Record<string, unknown>; readOnly: boolean }
  /**
   * A read-only tool, asked about only when codeagent.approval.autoApproveReadOnly is off, or always when it
   * has a `reason` (a file that may hold secrets): the sentence the card shows under the summary.
   */
  | { kind: 'read'; tool: string; summary: string; reason?: UserText }
  /** WebFetch of a host not in web.allowedDomains (spec §22): the whole URL; `Always allow <host>` answers `always`. */
  | { kind: 'web'; tool: string; url: string; host: string; redirectedFrom?: string };

export interface EditedFile {
  path: string;
  before: string;
  after: string;
}

export type ApprovalDecision =
  /**
   * finalContent: the user's edit of the proposal (file content, or the command to run); it wins.
   * finalContents: the same for a change of several files, by path (only the files the user edited).
   * always: `Always allow <host>` on a WebFetch card (the host is remembered in the user's settings).
   */
  | {
    decision: 'accepted'; finalContent?: string; finalContents?: Record<string, string>; always?: true; unasked?: CommandUnasked;
    /** Spec §23: the line to run for a command judged read-only (git with its safe options); the card keeps the one asked. */
    run?: string;
  }
  | { decision: 'rejected'; feedback?: string };

/**
 * Spec §23: why a command ran without asking, for its card: `read-only`, `allowed: <rule>`, `sandboxed`, or
 * approval.autoApproveCommands. On a decision the user made, `alwaysAllow`: they chose `Always allow`.
 */
export type CommandUnasked = { kind: 'read-only' } | { kind: 'allowed'; rules: string[] } | { kind: 'sandboxed' } | { kind: 'auto-approved' };

/** One file change made by a tool, for the turn's change list (spec §8). */
export interface FileChange {
  path: string;
  kind: 'added' | 'modified';
  before: string | undefined;
  after: string;
}
