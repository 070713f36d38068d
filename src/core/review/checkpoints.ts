import { z } from 'zod';
import { todoItemSchema } from '../tools/todoItemSchema';
import { planSnapshotSchema } from '../plan/planSnapshot';
import type { FileWrite } from './fileWrite';

/** A file as it was before a turn first changed it, and as the agent last left it in that turn. */
export const CheckpointFile = z.object({
  path: z.string().min(1),
  existed: z.boolean(),
  /** Set when the file existed. */
  content: z.string().optional(),
  /** What the agent's last change left, to tell the agent's writes from changes made outside CodeAgent. */
  existsAfter: z.boolean(),
  after: z.string().optional(),
});
export type CheckpointFile = z.infer<typeof CheckpointFile>;

/** The conversation state beside the files when the message was sent; a restore puts it back. */
export const CheckpointState = z.object({
  todos: z.array(todoItemSchema),
  plan: planSnapshotSchema.optional(),
});
export type CheckpointState = z.infer<typeof CheckpointState>;

/** One user message's checkpoint: the pre-images of the files its turn changed, and nothing else. */
export const Checkpoint = z.object({
  messageId: z.string().min(1),
  files: z.array(CheckpointFile),
  state: CheckpointState.optional(),
});
export type Checkpoint = z.infer<typeof Checkpoint>;

/**
 * The conversation's checkpoints, in message order. `begin` is called for every user message (so a
 * turn that changes nothing still has its place), `record` for every change the agent makes.
 */
export class CheckpointLog {
  private readonly checkpoints: Checkpoint[];
  /**
   * The copy toSnapshot last gave of each checkpoint, until it changes: a save compares checkpoints by identity,
   * and copying every file's content on every save would cost the whole conversation's size. Treat as read-only.
   */
  private readonly copies = new Map<Checkpoint, Checkpoint>();

  constructor(snapshot: readonly Checkpoint[] = []) {
    this.checkpoints = snapshot.map(copyCheckpoint);
    // The stored checkpoints are equal to the copies: the next save sees them unchanged.
    this.checkpoints.forEach((checkpoint, i) => this.copies.set(checkpoint, snapshot[i]!));
  }

  begin(messageId: string, state?: CheckpointState): void {
    const existing = this.find(messageId);
    if (existing) {
      if (state) {
        existing.state = copyState(state);
        this.copies.delete(existing);
      }
      return;
    }
    this.checkpoints.push({ messageId, files: [], ...(state ? { state: copyState(state) } : {}) });
  }

  /** The first change of a file in a message's turn keeps its pre-image; every change updates what the agent left. */
  record(messageId: string, write: FileWrite): void {
    let checkpoint = this.find(messageId);
    if (!checkpoint) {
      checkpoint = { messageId, files: [] };
      this.checkpoints.push(checkpoint);
    }
    let file = checkpoint.files.find((f) => f.path === write.path);
    if (!file) {
      file = { path: write.path, existed: write.before !== undefined, existsAfter: false };
      if (write.before !== undefined) file.content = write.before;
      checkpoint.files.push(file);
    }
    file.existsAfter = write.after !== undefined;
    if (write.after !== undefined) file.after = write.after;
    else delete file.after;
    this.copies.delete(checkpoint);
  }

  /** A message that left history (a failed turn run again) takes its checkpoint with it. */
  forget(messageId: string): void {
    const index = this.checkpoints.findIndex((c) => c.messageId === messageId);
    if (index < 0) return;
    this.copies.delete(this.checkpoints[index]!);
    this.checkpoints.splice(index, 1);
  }

  get(messageId: string): Checkpoint | undefined {
    const checkpoint = this.find(messageId);
    return checkpoint && copyCheckpoint(checkpoint);
  }

  /** Copies, made again only for the checkpoints that changed since the last call: do not change them. */
  toSnapshot(): Checkpoint[] {
    return this.checkpoints.map((checkpoint) => {
      let copy = this.copies.get(checkpoint);
      if (!copy) this.copies.set(checkpoint, (copy = copyCheckpoint(checkpoint)));
      return copy;
    });
  }

  private find(messageId: string): Checkpoint | undefined {
    return this.checkpoints.find((c) => c.messageId === messageId);
  }
}

function copyState(state: CheckpointState): CheckpointState {
  return structuredClone(state);
}

function copyCheckpoint(checkpoint: Checkpoint): Checkpoint {
  return structuredClone(checkpoint);
}
