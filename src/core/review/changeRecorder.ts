import { z } from 'zod';
import type { FileWrite } from './fileWrite';
import { lineCounts } from '../tools/lineCounts';

export const ChangeKind = z.enum(['created', 'modified', 'deleted']);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** One row of a turn's change list (spec §8): the file's net change over the turn. */
export const RecordedChange = z.object({
  path: z.string().min(1),
  kind: ChangeKind,
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** Absent for a created file. */
  before: z.string().optional(),
  /** Absent for a deleted file. */
  after: z.string().optional(),
});
export type RecordedChange = z.infer<typeof RecordedChange>;

/** A turn's changes, persisted with the conversation. */
export const TurnChanges = z.object({
  turnId: z.string().min(1),
  changes: z.array(RecordedChange),
  /** Spec §19: changes a worktree conversation's Apply made in the user's working tree (Revert acts there). */
  target: z.literal('workspace').optional(),
});
export type TurnChanges = z.infer<typeof TurnChanges>;

function rowOf(path: string, before: string | undefined, after: string | undefined): RecordedChange | undefined {
  if (before === after) return undefined;
  const kind: ChangeKind = before === undefined ? 'created' : after === undefined ? 'deleted' : 'modified';
  const row: RecordedChange = { path, kind, ...lineCounts(before, after) };
  if (before !== undefined) row.before = before;
  if (after !== undefined) row.after = after;
  return row;
}

/**
 * `changes` with `write` folded in: one row per file, from its first before to its last after.
 * A file whose net change is nothing (created then deleted, edited back) has no row.
 */
export function mergeChange(changes: readonly RecordedChange[], write: FileWrite): RecordedChange[] {
  const index = changes.findIndex((c) => c.path === write.path);
  if (index < 0) {
    const row = rowOf(write.path, write.before, write.after);
    return row ? [...changes, row] : [...changes];
  }
  const row = rowOf(write.path, changes[index]!.before, write.after);
  const merged = [...changes];
  if (row) merged[index] = row;
  else merged.splice(index, 1);
  return merged;
}

/** Collects the file changes of one turn, in the order files were first changed. */
export class ChangeRecorder {
  private rows: RecordedChange[] = [];

  constructor(readonly turnId: string) {}

  record(write: FileWrite): void {
    this.rows = mergeChange(this.rows, write);
  }

  get changes(): readonly RecordedChange[] {
    return this.rows;
  }

  /** undefined when the turn changed nothing (no `changes` entry is shown then). */
  toTurnChanges(): TurnChanges | undefined {
    return this.rows.length ? { turnId: this.turnId, changes: [...this.rows] } : undefined;
  }
}
