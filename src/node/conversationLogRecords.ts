import { z } from 'zod';
import { historyMessageSchema, tokenUsageSchema } from '../core/history/historyMessageSchema';
import { todoItemSchema } from '../core/tools/todoItemSchema';
import type { ContextMode } from '../core/agents/contextMode';
import { queuedMessageSchema, type ConversationTotals, type TurnInProgress } from '../core/conversation/conversation';
import type { QueuedMessage } from '../core/queue/messageQueue';
import type { PlanSnapshot } from '../core/plan/planSnapshot';
import type { TokenUsage } from '../core/ports/modelClient';
import type { TodoItem } from '../core/tools/todoStore';
import { planSnapshotSchema } from '../core/plan/planSnapshot';
import { TurnChanges } from '../core/review/changeRecorder';
import { CheckpointFile, CheckpointState } from '../core/review/checkpoints';
import { WorktreeRecord } from '../core/worktrees/worktreeRecord';

/**
 * The on-disk format of a conversation (format 2): a compacted snapshot `<id>.json` and an append-only log
 * `<id>.log.jsonl` of what changed since. The log's first line names the snapshot it continues (`gen`); a log
 * of another generation is stale and ignored. Every other line is one record; the records of one save end
 * with its commit line (`c`), and a load applies whole saves only.
 */
export const conversationFileFormat = 2;

/** Transcript entry text (and any string in an entry's meta) longer than this is stored cut, with the marker. */
export const maxStoredEntryText = 64 * 1024;
export const cutMarker = '\n\n[… cut when saved: this entry was longer than 64 KB]';

const key = z.string().min(1);
const keys = z.array(key);

/** The parts of a conversation written whole whenever they change (all small). */
export interface SmallState {
  title?: string;
  createdAt?: number;
  totals?: ConversationTotals;
  lastUsage?: TokenUsage;
  todos?: TodoItem[];
  turnInProgress?: TurnInProgress;
  plan?: PlanSnapshot;
  agentModes?: Record<string, ContextMode>;
  queued?: QueuedMessage[];
  worktree?: WorktreeRecord;
  /** Which optional lists the conversation has at all (an empty list and none differ). */
  lists?: { agentHistories: boolean; checkpoints: boolean; changes: boolean };
}
export const smallStateFields = ['title', 'createdAt', 'totals', 'lastUsage', 'todos', 'turnInProgress', 'plan', 'agentModes', 'queued', 'worktree', 'lists'] as const satisfies readonly (keyof SmallState)[];

export const smallState: z.ZodType<SmallState> = z.object({
  title: z.string(),
  createdAt: z.number(),
  totals: z.looseObject({ inputTokens: z.number(), outputTokens: z.number(), cost: z.number(), cachedInputTokens: z.number().optional() }),
  lastUsage: tokenUsageSchema,
  todos: z.array(todoItemSchema),
  turnInProgress: z.looseObject({ turnId: z.string(), startedAt: z.number(), userText: z.string(), isolatedAgent: z.string().optional() }),
  plan: planSnapshotSchema,
  agentModes: z.record(z.string(), z.enum(['isolated', 'shared'])),
  queued: z.array(queuedMessageSchema),
  worktree: WorktreeRecord,
  lists: z.object({ agentHistories: z.boolean(), checkpoints: z.boolean(), changes: z.boolean() }),
}).partial();

export const checkpointHeader = z.object({ messageId: key, state: CheckpointState.optional(), paths: z.array(z.string()) });

export const logRecord = z.discriminatedUnion('t', [
  /** A history message, new (appended) or replaced, by id. */
  z.object({ t: z.literal('m'), v: historyMessageSchema }),
  /** The messages' order when it is not the previous order plus the new ones; messages not listed are dropped. */
  z.object({ t: z.literal('mo'), k: keys }),
  /** A transcript entry, new or replaced, under its key. */
  z.object({ t: z.literal('e'), k: key, v: z.unknown() }),
  /** Text appended to an entry's text, which was `at` characters long. */
  z.object({ t: z.literal('ea'), k: key, at: z.number().int().nonnegative(), s: z.string() }),
  z.object({ t: z.literal('eo'), k: keys }),
  /** An isolated agent's history message, and that history's order (an empty order removes the agent). */
  z.object({ t: z.literal('a'), n: z.string(), v: historyMessageSchema }),
  z.object({ t: z.literal('ao'), n: z.string(), k: keys }),
  /** A checkpoint's state and file list; each file is its own record, written when it changes. */
  z.object({ t: z.literal('cp'), v: checkpointHeader }),
  z.object({ t: z.literal('cf'), k: key, v: CheckpointFile }),
  z.object({ t: z.literal('co'), k: keys }),
  /** A turn's change list, by turn id. */
  z.object({ t: z.literal('ch'), v: TurnChanges }),
  z.object({ t: z.literal('cho'), k: keys }),
  /** The end of one save: its time, the small state that changed, and the optional fields that went away. */
  z.object({ t: z.literal('c'), updatedAt: z.number(), set: smallState.optional(), unset: z.array(z.enum(smallStateFields)).optional() }),
]);
export type LogRecord = z.infer<typeof logRecord>;

export const logHeader = z.looseObject({ t: z.literal('head'), version: z.number(), gen: z.string().min(1) });

/** The snapshot file of format 2; the conversation inside is checked by conversationSchema. */
export const snapshotFile = z.looseObject({ version: z.number(), gen: z.string().min(1), conversation: z.unknown() });

export function encodeLogHeader(gen: string): string {
  return JSON.stringify({ t: 'head', version: conversationFileFormat, gen }) + '\n';
}

/** One log line; refuses a record that a load would not read back. */
export function encodeLogRecord(record: LogRecord, conversationId: string): string {
  const checked = logRecord.safeParse(record);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`Conversation '${conversationId}' is not valid: ${record.t} record, ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  return JSON.stringify(record) + '\n';
}

export function capText(text: string): string {
  if (text.length <= maxStoredEntryText) return text;
  let end = maxStoredEntryText;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // never split a surrogate pair
  return text.slice(0, end) + cutMarker;
}

/** `value` with every string longer than the cap cut; the same object when nothing is. */
export function capStrings<T>(value: T): T {
  if (typeof value === 'string') return capText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const capped = capStrings(item);
      if (capped !== item) (copy ??= [...value])[i] = capped;
    });
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [k, item] of Object.entries(value)) {
      const capped = capStrings(item);
      if (capped !== item) (copy ??= { ...(value as Record<string, unknown>) })[k] = capped;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/** The key a transcript entry is stored under: its id, or its position for an entry without one. */
export function entryKey(entry: unknown, index: number): string {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 ? `i${id}` : `#${index}`;
}


/** A checkpoint file's key: its message and path. */
export function checkpointFileKey(messageId: string, path: string): string {
  return `${messageId}\n${path}`;
}
