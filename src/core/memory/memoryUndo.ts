import type { MemoryStore } from '../ports/memoryStore';
import type { MemoryUndoStep } from './memoryChange';
import { parseMemoryPath } from './memoryPaths';

/**
 * A memory card's `Undo` (spec §21): each file back as it was before the write — its old text, or gone when the
 * write created it. The steps come from the host's own copy of the card, and each path is checked again as the
 * tool's are, so nothing outside the memory folders can be written this way. Resolves to why it failed, or undefined.
 */
export async function undoMemoryWrite(store: MemoryStore, steps: readonly MemoryUndoStep[]): Promise<string | undefined> {
  const checked = [];
  for (const step of steps) {
    const parsed = parseMemoryPath(step.path);
    if (!parsed.ok || parsed.path.kind !== 'scoped' || parsed.path.rel === '') return `Cannot undo a change of ${step.path}.`;
    checked.push({ ...parsed.path, before: step.before });
  }
  try {
    for (const step of checked) {
      if (step.before === null) await store.remove(step.scope, step.rel);
      else await store.write(step.scope, step.rel, step.before);
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A card's undo steps as the transcript keeps them, when they have that shape. */
export function undoStepsOf(value: unknown): MemoryUndoStep[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const steps = value.filter((step): step is MemoryUndoStep =>
    typeof step === 'object' && step !== null && typeof (step as MemoryUndoStep).path === 'string' && (typeof (step as MemoryUndoStep).before === 'string' || (step as MemoryUndoStep).before === null));
  return steps.length === value.length ? steps : undefined;
}
