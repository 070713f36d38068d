// zod/mini: the same schemas as classic zod, but tree-shakable, which keeps the webview bundle small.
import * as z from 'zod/mini';

/** data-kind values of transcript entries: tests and the webview's CSS rely on these names (spec §10). */
export const entryKinds = [
  'user', 'assistant', 'thinking', 'tool-call', 'tool-result', 'completion', 'error',
  'reminder', 'plan', 'approval', 'compaction', 'changes', 'mcp',
] as const;
export const EntryKind = z.enum(entryKinds);
export type EntryKind = z.infer<typeof EntryKind>;

export const TranscriptEntry = z.object({
  id: z.string(),
  kind: EntryKind,
  /** Markdown for user/assistant/completion/thinking; plain text otherwise. */
  text: z.string(),
  turnId: z.optional(z.string()),
  /**
   * Kind-specific details (tool name and params, status, approval state…), rendered by the webview. Conventions:
   * - the plan entry (kind `plan`, id `plan-current`): `tasks: PlanTaskView[]`;
   * - a Task tool card (kind `tool-call`, `name: 'Task'`): `child: ChildAgentView` once its sub-agent started.
   */
  meta: z.optional(z.record(z.string(), z.unknown())),
  /** The id of the entry this one nests under: a sub-agent's entries sit inside their Task card (spec §10). */
  parent: z.optional(z.string()),
  /** The named agent that produced the entry (rendered as `data-agent`). */
  agent: z.optional(z.string()),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntry>;

export const Onboarding = z.object({
  title: z.string(),
  message: z.string(),
  actions: z.array(z.object({ label: z.string(), command: z.enum(['openSettings', 'setApiKey']) })),
  /** Show the model setup (provider presets, local servers, model list, Test connection) below the message. */
  modelSetup: z.optional(z.boolean()),
});
export type Onboarding = z.infer<typeof Onboarding>;

export const UsageSummary = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cost: z.number(),
  contextUsed: z.number(),
  contextWindow: z.number(),
  /** Of inputTokens, those the provider's prompt cache served; absent when the provider reports none. */
  cachedInputTokens: z.optional(z.number()),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

export const ConversationListItem = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  cost: z.number(),
  /** A turn of this conversation is running, in this view or another one (spec §16). */
  running: z.optional(z.boolean()),
  /** A worktree conversation's branch (spec §19). */
  branch: z.optional(z.string()),
});
export type ConversationListItem = z.infer<typeof ConversationListItem>;

export const taskStatuses = ['pending', 'in_progress', 'completed', 'failed', 'skipped'] as const;

/** One task of the plan entry's `meta.tasks` (spec §7). */
export const PlanTaskView = z.object({
  id: z.string(),
  description: z.string(),
  dependencies: z.array(z.string()),
  status: z.enum(taskStatuses),
  result: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type PlanTaskView = z.infer<typeof PlanTaskView>;

/** A Task card's `meta.child`: the sub-agent's state, steps (model calls), tokens and cost. */
export const ChildAgentView = z.object({
  status: z.enum(['running', 'completed', 'failed', 'cancelled']),
  steps: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cost: z.number(),
  agent: z.optional(z.string()),
});
export type ChildAgentView = z.infer<typeof ChildAgentView>;
