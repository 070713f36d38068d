import { z } from 'zod';
import { ToolFailure } from '../tools/toolResults';
import type { BackgroundProcesses } from './backgroundProcesses';

/** The parameters of the tools that act on one background process. */
export const processIdSchema = z.object({
  id: z.string().min(1).describe('Background process id'),
});

export function unknownProcess(processes: BackgroundProcesses | undefined, id: string, conversationId?: string): ToolFailure {
  const known = processes?.listFor(conversationId).map((p) => p.id) ?? [];
  return new ToolFailure('unknown_process', `No background process ${id}.${known.length ? ` Known: ${known.join(', ')}.` : ' None was started.'}`);
}

/**
 * The trimmed id of a process this conversation may act on. Another conversation's process is not this agent's
 * to read or stop (spec §16): it fails as if it did not exist.
 */
export function ownProcessId(processes: BackgroundProcesses | undefined, id: string, conversationId?: string): { processes: BackgroundProcesses; id: string } {
  const trimmed = id.trim();
  if (!processes?.visibleTo(trimmed, conversationId)) throw unknownProcess(processes, trimmed, conversationId);
  return { processes, id: trimmed };
}
