// zod/mini: the same schemas as classic zod, but tree-shakable, which keeps the webview bundle small.
import * as z from 'zod/mini';

/** data-kind values of transcript entries: tests and the webview's CSS rely on these names (spec §10). */
export const entryKinds = [
  'user', 'assistant', 'thinking', 'tool-call', 'tool-result', 'completion', 'error',
  'reminder', 'plan', 'approval', 'compaction',
] as const;
export const EntryKind = z.enum(entryKinds);
export type EntryKind = z.infer<typeof EntryKind>;

export const TranscriptEntry = z.object({
  id: z.string(),
  kind: EntryKind,
  /** Markdown for user/assistant/completion/thinking; plain text otherwise. */
  text: z.string(),
  turnId: z.optional(z.string()),
  /** Kind-specific details (tool name and params, status, approval state…), rendered by the webview. */
  meta: z.optional(z.record(z.string(), z.unknown())),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntry>;

export const Onboarding = z.object({
  title: z.string(),
  message: z.string(),
  actions: z.array(z.object({ label: z.string(), command: z.enum(['openSettings', 'setApiKey']) })),
});
export type Onboarding = z.infer<typeof Onboarding>;

export const UsageSummary = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cost: z.number(),
  contextUsed: z.number(),
  contextWindow: z.number(),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

export const ConversationListItem = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  cost: z.number(),
});
export type ConversationListItem = z.infer<typeof ConversationListItem>;
