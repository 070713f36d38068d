import { z } from 'zod';
import { conversationSummarySchema, type ConversationSummary } from '../core/conversation/conversation';

// The sizes tie the sidecar to one state of the snapshot and the log: a crash between writes shows as a mismatch.
// Version 1 (the single-file format) knew no log.
const metaSchema = z.union([
  z.object({ version: z.literal(1), mainFileSize: z.number(), summary: conversationSummarySchema }),
  z.object({ version: z.literal(2), mainFileSize: z.number(), logFileSize: z.number(), summary: conversationSummarySchema }),
]);

export function encodeConversationMeta(summary: ConversationSummary, mainFileSize: number, logFileSize: number): string {
  return JSON.stringify({ version: 2, mainFileSize, logFileSize, summary });
}

/** The summary a sidecar holds, if it is readable and describes the files now on disk (logFileSize: undefined when there is no log). */
export function summaryFromMeta(text: string, id: string, mainFileSize: number, logFileSize: number | undefined): ConversationSummary | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const meta = metaSchema.safeParse(json);
  if (!meta.success || meta.data.mainFileSize !== mainFileSize || meta.data.summary.id !== id) return undefined;
  const describedLog = meta.data.version === 2 ? meta.data.logFileSize : undefined;
  if (describedLog !== logFileSize) return undefined;
  return meta.data.summary;
}
