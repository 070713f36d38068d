import { createTwoFilesPatch } from 'diff';
import { lineCounts } from '../tools/lineCounts';

/** One file as it was before a memory write: `before` null when the write created it. */
export interface MemoryUndoStep {
  /** The model's spelling: `/memories/project/MEMORY.md`. */
  path: string;
  before: string | null;
}

/** What a memory write changed (spec §21's card: its diff and `Undo`). */
export interface MemoryChange {
  diff: string;
  added: number;
  removed: number;
  /** Applied in order, they put every file back as it was. */
  undo: MemoryUndoStep[];
}

/** Largest diff a card keeps (a memory file is at most 100 KB; the card shows the change, not whole files). */
const maxDiffChars = 20_000;

/** A file written (undefined: it did not exist, or no longer does). */
export interface FileWrite {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

export function memoryChange(writes: readonly FileWrite[]): MemoryChange {
  let added = 0;
  let removed = 0;
  const diffs: string[] = [];
  for (const write of writes) {
    const counts = lineCounts(write.before, write.after);
    added += counts.added;
    removed += counts.removed;
    const from = write.before === undefined ? '/dev/null' : write.path;
    const to = write.after === undefined ? '/dev/null' : write.path;
    diffs.push(createTwoFilesPatch(from, to, write.before ?? '', write.after ?? '', '', '', { context: 2 }).replace(/^Index: .*\n=+\n/, ''));
  }
  const diff = diffs.join('\n');
  return {
    diff: diff.length > maxDiffChars ? `${diff.slice(0, maxDiffChars)}\n…` : diff,
    added,
    removed,
    // Undone last write first: a rename's destination goes before its source comes back.
    undo: [...writes].reverse().map((write) => ({ path: write.path, before: write.before ?? null })),
  };
}
