import type { AgentSession } from '../../core/session/agentSession';
import type { Conversation } from '../../core/conversation/conversation';
import type { RecordedChange } from '../../core/review/changeRecorder';
import { planRestore, restoreCheckpoint, type RestorePlan } from '../../core/review/restoreCheckpoint';
import { revertChange } from '../../core/review/revertChange';
import { truncateConversation, userMessageIdOfTurn } from '../../core/conversation/truncateConversation';
import type { HostMessage } from '../../protocol/messages';
import type { TranscriptEntry } from '../../protocol/transcript';
import type { TranscriptProjector } from '../transcriptProjector';
import { l10n } from '../hostL10n';

/** What the review actions need from VS Code: diff editors, the confirmation and messages. */
export interface ReviewUi {
  openChangeDiff(conversationId: string, turnId: string, change: RecordedChange): void;
  /** `root`: the folder the changes' paths are relative to. */
  openAllChanges(conversationId: string, turnId: string, changes: readonly RecordedChange[], root: string): void;
  /** 'restore': keep files changed outside CodeAgent; 'overwrite': restore them too; undefined: cancelled. */
  confirmRestore(plan: RestorePlan): Promise<'restore' | 'overwrite' | undefined>;
  info(message: string): void;
  warn(message: string): void;
}

export interface ReviewContext {
  session: AgentSession;
  projector: TranscriptProjector;
  emit(message: HostMessage): void;
  /** Replaces the current conversation with `conversation` (saved, shown) and puts `text` back in the input. */
  reopen(conversation: Conversation, text: string): Promise<void>;
}

/** Spec §8 from the chat: a change's diff, Revert, Review changes, Restore checkpoint. */
export class ReviewActions {
  /** `onRestored`: files Revert or Restore checkpoint put back, relative to `root` (spec §15: their inline review marks go). */
  constructor(private readonly ui: ReviewUi, private readonly onRestored: (paths: readonly string[], root: string) => void = () => {}) {}

  openChange(context: ReviewContext, turnId: string, path: string): void {
    const change = context.session.review.change(turnId, path);
    if (change) this.ui.openChangeDiff(context.session.id, turnId, change);
    else this.ui.warn(l10n.t('CodeAgent has no record of a change to {0} in that turn.', path));
  }

  reviewChanges(context: ReviewContext, turnId: string): void {
    const changes = context.session.review.changesOf(turnId);
    if (changes.length) this.ui.openAllChanges(context.session.id, turnId, changes, context.session.workspaceFsOf(turnId).root);
  }

  async revert(context: ReviewContext, turnId: string, path: string): Promise<void> {
    const change = context.session.review.change(turnId, path);
    if (!change) return this.ui.warn(l10n.t('CodeAgent has no record of a change to {0} in that turn.', path));
    // An Apply's change (spec §19) is reverted in the user's tree, a turn's where the tools work.
    const fs = context.session.workspaceFsOf(turnId);
    const outcome = await revertChange(fs, change, l10n);
    for (const patch of context.projector.markChange(turnId, path, outcome.reverted ? { reverted: true } : { reverted: false, message: outcome.message })) context.emit(patch);
    if (outcome.reverted) {
      this.onRestored([path], fs.root);
      this.ui.info(l10n.t('Reverted {0}.', path));
    }
    else this.ui.warn(outcome.message);
  }

  async restoreCheckpoint(context: ReviewContext, turnId: string, entries: TranscriptEntry[]): Promise<void> {
    const { session } = context;
    if (session.busy) return this.ui.warn(l10n.t('Stop the running turn before restoring a checkpoint.'));
    const conversation = session.toConversation(entries);
    const messageId = userMessageIdOfTurn(conversation, turnId);
    if (!messageId) return this.ui.warn(l10n.t('This message has no checkpoint (it was summarised away or was not sent to the model).'));
    const plan = await planRestore(session.workspaceFs, conversation.checkpoints ?? [], messageId);
    const choice = await this.ui.confirmRestore(plan);
    if (!choice) return;
    const result = await restoreCheckpoint(session.workspaceFs, conversation.checkpoints ?? [], messageId, { overwriteExternal: choice === 'overwrite', l10n });
    this.onRestored([...result.restored, ...result.deleted], session.workspaceFs.root);
    const truncation = truncateConversation(conversation, messageId);
    if (!truncation) return this.ui.warn(l10n.t('The conversation could not be cut back to that message.'));
    await context.reopen(truncation.conversation, truncation.userText);
    const problems = [
      ...result.failed.map((f) => f.message),
      ...(result.keptExternal.length ? [l10n.t('kept (changed outside CodeAgent): {0}', result.keptExternal.join(', '))] : []),
    ];
    this.ui.info(`${l10n.t('Checkpoint restored: {0} restored, {1} deleted.', result.restored.length === 1 ? l10n.t('1 file') : l10n.t('{0} files', result.restored.length), result.deleted.length)}${problems.length ? ` ${problems.join('; ')}` : ''}`);
  }
}
