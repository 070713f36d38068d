import { z } from 'zod';
import type { HistoryMessage } from './historyMessage';
import type { TokenUsage } from '../ports/modelClient';

// Loose objects: fields added by a newer CodeAgent survive a load and save by this one.

export const tokenUsageSchema: z.ZodType<TokenUsage> = z.looseObject({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.number().optional(),
  cacheWriteInputTokens: z.number().optional(),
});

/** The data URL is filled in by the store (it keeps images as files beside the conversation, spec §16). */
const imageAttachmentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  dataUrl: z.string().default(''),
});

const nativeToolCallSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
  extra: z.record(z.string(), z.unknown()).optional(),
});

/** Kept verbatim: only the client that wrote it reads it (spec §3 "What goes back"). */
const providerEchoSchema = z.looseObject({
  producer: z.string(),
  fields: z.record(z.string(), z.unknown()).optional(),
  items: z.array(z.unknown()).optional(),
});

/** Mirrors HistoryMessage; the type annotation fails to compile when the interface gains a required field. */
export const historyMessageSchema: z.ZodType<HistoryMessage> = z.looseObject({
  id: z.string(),
  createdAt: z.number(),
  kind: z.enum(['user', 'assistant', 'toolResult', 'summary']),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCallId: z.string().optional(),
  toolCalls: z.array(nativeToolCallSchema).optional(),
  images: z.array(imageAttachmentSchema).optional(),
  echo: providerEchoSchema.optional(),
  turnId: z.string().optional(),
  toolName: z.string().optional(),
  usage: tokenUsageSchema.optional(),
  cost: z.number().optional(),
  summaryOf: z
    .looseObject({ fromTime: z.number(), toTime: z.number(), messageCount: z.number() })
    .optional(),
});
