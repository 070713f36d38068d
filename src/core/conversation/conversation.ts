import { z } from 'zod';
import { AgentHistoriesSnapshot } from '../agents/agentHistories';
import type { ContextMode } from '../agents/contextMode';
import type { HistoryMessage } from '../history/historyMessage';
import { planSnapshotSchema, type PlanSnapshot } from '../plan/planSnapshot';
import type { TokenUsage } from '../ports/modelClient';
import { TurnChanges } from '../review/changeRecorder';
import { Checkpoint } from '../review/checkpoints';
import type { TodoItem } from '../tools/todoStore';
import { historyMessageSchema, tokenUsageSchema } from '../history/historyMessageSchema';
import { todoItemSchema } from '../tools/todoItemSchema';
import type { QueuedMessage } from '../queue/messageQueue';
import { WorktreeRecord } from '../worktrees/worktreeRecord';

/** Bumped when a stored conversation changes shape; a store skips files of a later version instead of overwriting them. */
export const conversationFormatVersion = 1;

export interface ConversationTotals {
  inputTokens: number;
  outputTokens: number;
  cost: number;
  /** Input tokens the provider's prompt cache served; absent until a call reported them (and in older files). */
  cachedInputTokens?: number;
}

/** Set while a turn runs, so a window reloaded mid-turn can show what was interrupted. */
export interface TurnInProgress {
  turnId: string;
  startedAt: number;
  userText: string;
  /** Set when the turn's messages go to an isolated agent's own history, which the repair must close. */
  isolatedAgent?: string;
  /** The reply the model was streaming when this was saved (not in history until its call ends). */
  partialText?: string;
}

/** Everything needed to reopen and resume a conversation. */
export interface Conversation {
  version: typeof conversationFormatVersion;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: HistoryMessage[];
  /** The chat panel's entries: opaque to the core, validated by the vscode layer. */
  transcript: unknown[];
  totals: ConversationTotals;
  lastUsage?: TokenUsage;
  todos: TodoItem[];
  turnInProgress?: TurnInProgress;
  /** The plan (spec §7) lives beside the history, so compaction never loses it. */
  plan?: PlanSnapshot;
  /** Isolated named agents' own histories in this conversation. */
  agentHistories?: AgentHistoriesSnapshot;
  /** `/agents context <name> --mode …` choices of this conversation. */
  agentModes?: Record<string, ContextMode>;
  /** Pre-images of the files each user message's turn changed, oldest first (spec §8 Restore checkpoint). */
  checkpoints?: Checkpoint[];
  /** The change list of each turn that changed files (spec §8 `changes` entry, Revert). */
  changes?: TurnChanges[];
  /** Messages sent during a turn and not yet delivered (spec §16): a reload keeps them queued. */
  queued?: QueuedMessage[];
  /** Spec §19: the conversation works in this git worktree, not in the user's working tree. */
  worktree?: WorktreeRecord;
}

/** One row of the history view. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  cost: number;
  /** A worktree conversation's branch (spec §19: History lists it). */
  branch?: string;
}

export const queuedMessageSchema = z.object({ id: z.string().min(1), text: z.string() });

export const conversationSchema: z.ZodType<Conversation> = z.looseObject({
  version: z.literal(conversationFormatVersion),
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.array(historyMessageSchema),
  transcript: z.array(z.unknown()),
  totals: z.looseObject({ inputTokens: z.number(), outputTokens: z.number(), cost: z.number(), cachedInputTokens: z.number().optional() }),
  lastUsage: tokenUsageSchema.optional(),
  todos: z.array(todoItemSchema),
  turnInProgress: z.looseObject({ turnId: z.string(), startedAt: z.number(), userText: z.string(), isolatedAgent: z.string().optional(), partialText: z.string().optional() }).optional(),
  plan: planSnapshotSchema.optional(),
  agentHistories: AgentHistoriesSnapshot.optional(),
  agentModes: z.record(z.string(), z.enum(['isolated', 'shared'])).optional(),
  checkpoints: z.array(Checkpoint).optional(),
  changes: z.array(TurnChanges).optional(),
  queued: z.array(queuedMessageSchema).optional(),
  worktree: WorktreeRecord.optional(),
});

export const conversationSummarySchema: z.ZodType<ConversationSummary> = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  cost: z.number(),
  branch: z.string().optional(),
});

export function summarizeConversation(conversation: Conversation): ConversationSummary {
  const { id, title, createdAt, updatedAt } = conversation;
  const summary: ConversationSummary = { id, title, createdAt, updatedAt, messageCount: conversation.messages.length, cost: conversation.totals.cost };
  if (conversation.worktree) summary.branch = conversation.worktree.branch;
  return summary;
}
