import { undoMemoryWrite, undoStepsOf } from '../core/memory/memoryUndo';
import type { HostMessage } from '../protocol/messages';
import { memoryStoreAt } from '../node/memoryFolders';
import { l10n } from './hostL10n';
import type { TranscriptProjector } from './transcriptProjector';

/**
 * Spec §21's `Undo` on a Memory card: the files back as they were, from the host's own copy of the card (the
 * webview names an entry, never what to write), in the memory of the conversation's root; the card then says so.
 */
export async function undoMemoryCard(context: { projector: TranscriptProjector; root: string; emit(message: HostMessage): void; saved(): void; warn(message: string): void }, entryId: string): Promise<void> {
  const entry = context.projector.entries.find((candidate) => candidate.id === entryId);
  const memory = (entry?.meta?.detail as { memory?: { undo?: unknown; undone?: boolean } } | undefined)?.memory;
  const steps = undoStepsOf(memory?.undo);
  if (entry?.kind !== 'tool-call' || entry.meta?.name !== 'Memory' || !steps || memory?.undone) return;
  const error = await undoMemoryWrite(memoryStoreAt(context.root), steps);
  for (const patch of context.projector.markMemoryUndo(entryId, error)) context.emit(patch);
  context.saved();
  if (error) context.warn(l10n.t('The memory change was not undone: {0}', error));
}
