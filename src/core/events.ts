import type { PlanTaskState } from './plan/planTask';
import type { ImageAttachment, TokenUsage } from './ports/modelClient';
import type { ToolResultDetail } from './contracts/toolResultDetail';

/** Everything a turn reports while it runs (spec §2.4). The webview renders these; tests assert on them. */
export type AgentEvent =
  /** agent: the named agent running this turn (its entries carry it); planMode: the turn plans and dispatches. */
  /** checkpoint: the files as they were before this message can be restored (spec §8). */
  /** `retryOf`: the failed turn this one runs again; its user message left history. */
  | { type: 'turnStarted'; turnId: string; userText: string; mentions?: { path: string; kind: 'file' | 'directory' }[]; reminder?: string; warnings?: string[]; agent?: string; planMode?: boolean; checkpoint?: boolean; retryOf?: string; images?: ImageAttachment[] }
  /** A local answer (`/agents list`, a usage error): shown, never sent to the model, never stored in history. */
  | { type: 'notice'; turnId: string; text: string }
  /** A queued message reached the running turn's next model request (spec §16). */
  | { type: 'queuedMessageDelivered'; turnId: string; id: string; text: string }
  | { type: 'thinking'; turnId: string; delta: string }
  /** refusal: the model declined (OpenAI's `refusal` field); the panel marks the answer as refused. */
  | { type: 'text'; turnId: string; delta: string; refusal?: boolean }
  | { type: 'toolCall'; turnId: string; callId: string; name: string; params: Record<string, unknown>; partial: boolean }
  /** Every piece of a streaming parameter, whole (the toolCall partials are bounded previews): live diff previews. */
  | { type: 'toolParamDelta'; turnId: string; callId: string; name: string; param: string; delta: string }
  /** summary: the result's first lines for the card; detail: what the card shows beyond text (exit code, +/− lines). */
  | { type: 'toolResult'; turnId: string; callId: string; name: string; status: 'success' | 'error' | 'rejected' | 'cancelled'; summary: string; detail?: ToolResultDetail }
  /** A running command's output so far (its tail), throttled: the card streams it. */
  | { type: 'toolOutput'; turnId: string; callId: string; tail: string }
  | { type: 'completion'; turnId: string; result: string }
  | { type: 'error'; turnId: string; message: string; code?: string }
  | { type: 'retry'; turnId: string; attempt: number; maxRetries: number; delayMs: number; reason: string }
  | { type: 'tokenUsage'; turnId: string; usage: TokenUsage; cost?: number }
  | { type: 'contextWindow'; usedTokens: number; windowTokens: number }
  | { type: 'compaction'; phase: 'started' | 'finished' | 'fellBack'; message: string }
  | { type: 'plan'; summary: string; tasks: PlanTaskState[] }
  | { type: 'todo'; todos: { content: string; status: 'pending' | 'in_progress' | 'completed' }[] }
  /** cwd: where a command would run (spec §8: the card shows it); reason: why an edit is asked whatever the auto-approve settings. */
  /** `alwaysAllow`: spec §23, the rules a command's `Always allow` adds to the user's approval.commandAllowList. */
  | { type: 'approval'; turnId: string; callId: string; phase: 'request' | 'decision'; tool: string; detail: string; cwd?: string; reason?: string; host?: string; decision?: 'accepted' | 'rejected'; feedback?: string; alwaysAllow?: string[] }
  /** An event of a child agent (the Task tool), nested under the Task call; `agent`: the named agent it runs as. */
  /** At the end of a turn that changed files (spec §8): the `changes` entry. */
  /** `applied`: an Apply of a worktree conversation (spec §19): its branch and the files that conflicted, with their diffs. */
  | { type: 'changes'; turnId: string; changes: { path: string; kind: 'created' | 'modified' | 'deleted'; added: number; removed: number; conflict?: boolean; binary?: boolean }[]; applied?: AppliedSummary }
  | { type: 'subagent'; parentCallId: string; agent?: string; event: AgentEvent }
  /** A child agent's state for its Task card: sent when it starts, after each model call and usage report, and when it ends. */
  | { type: 'subagentStatus'; parentCallId: string; agent?: string; status: 'running' | 'completed' | 'failed' | 'cancelled'; steps: number; usage: { inputTokens: number; outputTokens: number; cost: number } }
  /** `retryable`: the turn failed before storing anything but its user message, so it can run again as it was. */
  | { type: 'turnEnded'; turnId: string; reason: 'completed' | 'answered' | 'cancelled' | 'error' | 'maxIterations'; retryable?: boolean };

export type EventSink = (event: AgentEvent) => void;

/** What an Apply (spec §19) reports beside the files it changed. `reason`: see worktrees/applyWorktree's ConflictReason. */
export interface AppliedSummary {
  branch: string;
  conflicts: { path: string; reason: string; diff?: string }[];
  unchanged: number;
  failed: { path: string; message: string }[];
}
