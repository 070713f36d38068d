/** What Write/Edit/MultiEdit and Bash ask the user before acting (spec §8). The agent turn decides auto-approval. */

export type ApprovalRequest =
  | {
      kind: 'edit';
      tool: string;
      path: string;
      /** undefined when the file is being created. */
      before: string | undefined;
      after: string;
    }
  | { kind: 'command'; command: string; cwd: string }
  /**
   * A read-only tool, asked about only when codeagent.approval.autoApproveReadOnly is off, or always when it
   * has a `reason` (a file that may hold secrets), which the card shows.
   */
  | { kind: 'read'; tool: string; summary: string; reason?: string };

export type ApprovalDecision =
  /** finalContent: the user's edit of the proposal (file content, or the command to run); it wins. */
  | { decision: 'accepted'; finalContent?: string }
  | { decision: 'rejected'; feedback?: string };

/** One file change made by a tool, for the turn's change list (spec §8). */
export interface FileChange {
  path: string;
  kind: 'added' | 'modified';
  before: string | undefined;
  after: string;
}
