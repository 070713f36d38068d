import { z } from 'zod';
import { conversationSummarySchema, type ConversationSummary } from '../core/conversation/conversation';

// mainFileSize ties the sidecar to one write of the main file: a crash between the two writes shows as a mismatch.
const metaSchema = z.object({
  version: z.literal(1),
  mainFileSize: z.number(),
  summary: conversationSummarySchema,
});

export function encodeConversationMeta(summary: ConversationSummary, mainFileSize: number): string {
  return JSON.stringify({ version: 1, mainFileSize, summary });
}

/** The summary a sidecar holds, if it is readable and describes the main file now on disk. */
export function summaryFromMeta(text: string, id: string, mainFileSize: number): ConversationSummary | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const meta = metaSchema.safeParse(json);
  if (!meta.success || meta.data.mainFileSize !== mainFileSize || meta.data.summary.id !== id) return undefined;
  return meta.data.summary;
}
