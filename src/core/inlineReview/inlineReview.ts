import { FileHunks, type LineReplacement } from './fileHunks';
import { linesOf, type LineSplice } from './lineSplice';
import type { ReviewHunk } from './reviewHunk';
import { undoneChangesReminder, type UndoneChange } from './undoneChanges';

/** What survives a window reload (spec §15): the undecided hunks by workspace-relative path, and what the model is yet to be told. */
export interface InlineReviewState {
  files: Record<string, ReviewHunk[]>;
  undone: UndoneChange[];
  nextId: number;
}

export type UndoOutcome =
  | { ok: true; replacement: LineReplacement }
  | { ok: false; message: string };

/**
 * Spec §15's review after edits, for the whole workspace: each file's undecided hunks, the changes the user undid
 * (for the model's next request) and listeners told which file's marks changed. No editor here: lines come in
 * as arrays or through `lineAt`, and an Undo comes back as the line replacement for the editor to apply.
 */
export class InlineReview {
  private readonly files = new Map<string, FileHunks>();
  private undone: UndoneChange[];
  private nextId: number;
  private readonly listeners = new Set<(path: string) => void>();

  constructor(state?: InlineReviewState) {
    this.nextId = state?.nextId ?? 1;
    this.undone = [...(state?.undone ?? [])];
    for (const [path, hunks] of Object.entries(state?.files ?? {})) if (hunks.length) this.files.set(path, this.fileHunks(hunks));
  }

  onChange(listener: (path: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hunksOf(path: string): readonly ReviewHunk[] {
    return this.files.get(path)?.hunks ?? [];
  }

  paths(): string[] {
    return [...this.files.keys()];
  }

  /** Hunks still to decide, in every file. */
  count(): number {
    let count = 0;
    for (const file of this.files.values()) count += file.hunks.length;
    return count;
  }

  /** The agent wrote `after` over `before` (undefined: it created the file). */
  agentEdit(path: string, before: string | undefined, after: string): void {
    const file = this.files.get(path) ?? this.fileHunks([]);
    file.agentEdit(before === undefined ? [] : linesOf(before), linesOf(after));
    this.settle(path, file);
  }

  /** Someone else changed the file (the user typing, a formatter): returns whether any mark moved. */
  otherEdit(path: string, splice: LineSplice): boolean {
    const file = this.files.get(path);
    if (!file || !file.otherEdit(splice)) return false;
    this.settle(path, file);
    return true;
  }

  keep(path: string, id: string): void {
    const file = this.files.get(path);
    if (file?.keep(id)) this.settle(path, file);
  }

  /** Keep all: of one file, or of every file. */
  keepAll(path?: string): void {
    for (const p of path === undefined ? this.paths() : [path]) this.forget(p);
  }

  /** The file was put back by Revert or Restore checkpoint: its marks no longer describe it. */
  forget(path: string): void {
    if (this.files.delete(path)) this.emit(path);
  }

  undo(path: string, id: string, lineAt: (line: number) => string | undefined): UndoOutcome {
    const file = this.files.get(path);
    if (!file) return { ok: false, message: `${path} has no change to review.` };
    const plan = file.undo(id, lineAt, path);
    if (!plan.ok) return plan;
    const { replacement } = plan;
    this.undone.push({
      path,
      startLine: replacement.start + 1,
      endLine: replacement.start + Math.max(replacement.lines.length, 1),
      restored: replacement.lines.join('\n'),
    });
    this.settle(path, file);
    return { ok: true, replacement };
  }

  /**
   * Undo all of a file's hunks, last first so each replacement is in the lines of the file as it is now.
   * Touched hunks are refused and stay marked; their messages come back beside the replacements.
   */
  undoAll(path: string, lineAt: (line: number) => string | undefined): { replacements: LineReplacement[]; refused: string[] } {
    const replacements: LineReplacement[] = [];
    const refused: string[] = [];
    for (const hunk of [...this.hunksOf(path)].reverse()) {
      const outcome = this.undo(path, hunk.id, lineAt);
      if (outcome.ok) replacements.push(outcome.replacement);
      else refused.push(outcome.message);
    }
    return { replacements, refused };
  }

  /** The reminder of what the user undid since the model's last request; told once. */
  takeReminder(): string {
    const text = undoneChangesReminder(this.undone);
    if (this.undone.length) {
      this.undone = [];
      this.emit(undefined);
    }
    return text;
  }

  state(): InlineReviewState {
    const files: Record<string, ReviewHunk[]> = {};
    for (const [path, file] of this.files) files[path] = [...file.hunks];
    return { files, undone: [...this.undone], nextId: this.nextId };
  }

  private fileHunks(hunks: readonly ReviewHunk[]): FileHunks {
    return new FileHunks(hunks, () => `h${this.nextId++}`);
  }

  private settle(path: string, file: FileHunks): void {
    if (file.hunks.length) this.files.set(path, file);
    else this.files.delete(path);
    this.emit(path);
  }

  private emit(path: string | undefined): void {
    for (const listener of this.listeners) listener(path ?? '');
  }
}
