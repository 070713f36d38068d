import type { FileChange } from '../tools/approval';
import { ChangeRecorder, type RecordedChange, type TurnChanges } from './changeRecorder';
import { CheckpointLog, type Checkpoint, type CheckpointState } from './checkpoints';

/** What one turn's file changes feed: the turn's change list and the checkpoint of its user message. */
export interface TurnReview {
  onFileChanged(change: FileChange): void;
  /** The turn's change list, kept with the conversation; undefined when it changed nothing. */
  finish(): TurnChanges | undefined;
}

/** A conversation's review state (spec §8): the change list of every turn and the checkpoints. */
export class ConversationReview {
  private readonly log: CheckpointLog;
  private readonly turns: TurnChanges[];

  constructor(stored: { checkpoints?: readonly Checkpoint[]; changes?: readonly TurnChanges[] } = {}) {
    this.log = new CheckpointLog(stored.checkpoints);
    this.turns = [...(stored.changes ?? [])];
  }

  beginTurn(turnId: string, userMessageId: string, state: CheckpointState): TurnReview {
    this.log.begin(userMessageId, state);
    const recorder = new ChangeRecorder(turnId);
    return {
      onFileChanged: (change) => {
        const write = { path: change.path, before: change.before, after: change.after };
        recorder.record(write);
        this.log.record(userMessageId, write);
      },
      finish: () => {
        const changes = recorder.toTurnChanges();
        if (changes) this.turns.push(changes);
        return changes;
      },
    };
  }

  /** Spec §19: what an Apply changed in the user's working tree, listed like a turn's changes. */
  recordApplied(turnId: string, changes: readonly RecordedChange[]): void {
    if (changes.length) this.turns.push({ turnId, changes: [...changes], target: 'workspace' });
  }

  /** True for the changes of an Apply, which live in the user's working tree, not the conversation's. */
  isApplied(turnId: string): boolean {
    return this.turns.find((t) => t.turnId === turnId)?.target === 'workspace';
  }

  /** The checkpoint of a user message that left history (a failed turn run again). */
  forgetCheckpoint(userMessageId: string): void {
    this.log.forget(userMessageId);
  }

  change(turnId: string, path: string): RecordedChange | undefined {
    return this.turns.find((t) => t.turnId === turnId)?.changes.find((c) => c.path === path);
  }

  changesOf(turnId: string): readonly RecordedChange[] {
    return this.turns.find((t) => t.turnId === turnId)?.changes ?? [];
  }

  get checkpoints(): Checkpoint[] {
    return this.log.toSnapshot();
  }

  get changes(): TurnChanges[] {
    return [...this.turns];
  }
}
