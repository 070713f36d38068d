import type { TurnEnd, TurnRecord } from './turnRecord';

/** A child agent run asked for by the Task tool (spec §7). */
export interface SubagentRequest {
  /** The Task call's id: the child's events nest under it. */
  parentCallId: string;
  goal: string;
  /** Workspace paths the child is told to Read first. */
  resources: string[];
  hints?: string;
  /** The parent's summary of the relevant history; the host writes one when absent. */
  contextSummary?: string;
  /** A named agent (spec §7) whose prompt and tool limits the child takes. */
  agent?: string;
  /** The plan task this child works on. */
  taskId?: string;
}

/** How a child ended, structured so the parent (and the panel) never has to guess. */
export interface SubagentOutcome {
  status: 'completed' | 'failed' | 'cancelled';
  /** AttemptCompletion's result or the last answer; the error message when it failed. */
  result: string;
  filesChanged: string[];
  steps: number;
  usage: { inputTokens: number; outputTokens: number; cost: number };
  /** How the child's turn ended, finer than `status` (`maxIterations` vs `error`). */
  end?: TurnEnd;
  /** The child's compressed history records, so the host can keep the nested transcript with the conversation. */
  records?: TurnRecord[];
}
