import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Approver } from '../../core/agent/approvalGate';
import type { PendingApprovals } from '../../core/agent/pendingDecisions';
import { fromEditorText } from '../../core/tools/proposalText';
import type { ApprovalDecision, ApprovalRequest } from '../../core/tools/approval';
import { OriginalContentProvider, ProposalFileSystem } from './proposalFileSystem';
import { closeProposalTabs, dirtyEditorOf } from './proposalTabs';
import { errorMessage } from '../../core/errorMessage';
import { MultiFileReview } from './multiFileReview';
import { l10n } from '../hostL10n';

/** How long VS Code may take to show the diff before the user is told to decide in the chat card. */
const openTimeoutMs = 10_000;

export interface ReviewTarget {
  callId: string;
  path: string;
  uris: { proposal: vscode.Uri; original: vscode.Uri };
  /** Why this edit is asked whatever the auto-approve settings (a file that configures the agent); the CodeLens shows it. */
  reason?: string;
  /** The diff editor being opened: closing must wait for it, or a tab would appear after the review ended. */
  opening?: Promise<void>;
}

/**
 * Spec §8: an edit is reviewed in VS Code's diff editor (left: the file as it is, read-only; right: the
 * proposal, editable), decided from the editor title, a CodeLens or the chat card — all three resolve the
 * same waiting approval. Commands and anything that is not an edit go to the chat card only.
 */
export class DiffEditorApprover implements Approver {
  private readonly reviews = new Map<string, ReviewTarget>();
  private readonly multiFile: MultiFileReview;

  constructor(
    private readonly pending: PendingApprovals,
    private readonly proposals: ProposalFileSystem,
    private readonly originals: OriginalContentProvider,
    private readonly workspaceRoot: () => string | undefined,
    private readonly warn: (message: string) => void,
  ) {
    this.multiFile = new MultiFileReview(pending, proposals, originals, workspaceRoot, warn);
  }

  /** The review whose proposal `uri` shows, for the title-bar and CodeLens commands. */
  reviewOf(uri: vscode.Uri | undefined): ReviewTarget | undefined {
    return uri ? [...this.reviews.values()].find((r) => r.uris.proposal.toString() === uri.toString()) : undefined;
  }

  /** Opens (or refreshes) the diff of a proposal, e.g. while the model is still streaming it. */
  async show(callId: string, relPath: string, before: string, proposal: string, reason?: string): Promise<ReviewTarget> {
    let review = this.reviews.get(callId);
    if (review && reason) review.reason = reason;
    if (!review) {
      review = { callId, path: relPath, uris: ProposalFileSystem.uris(callId, relPath), reason };
      this.reviews.set(callId, review);
      this.originals.set(review.uris.original, before);
      this.proposals.set(review.uris.proposal, proposal);
      review.opening = this.open(review);
      await review.opening;
    } else this.proposals.set(review.uris.proposal, proposal);
    return review;
  }

  has(callId: string): boolean {
    return this.reviews.has(callId);
  }

  /** Closes a review that never reached a decision (the tool failed before asking, the turn ended). */
  async discard(callId: string): Promise<void> {
    const review = this.reviews.get(callId);
    if (!review || this.pending.isWaiting(callId)) return;
    await this.finish(review);
  }

  /** The Approver of a conversation whose workspace is `root` (a worktree, spec §19): its files' editors are looked up there. */
  forRoot(root: string): Approver {
    return { request: (request, info, signal) => this.request(request, info, signal, root) };
  }

  async request(request: ApprovalRequest, info: { turnId: string; callId: string; detail: string }, signal: AbortSignal, workspaceRoot?: string): Promise<ApprovalDecision> {
    if (request.kind === 'edits') return this.multiFile.request(request, info, signal, workspaceRoot);
    // Another conversation waits on this id (spec §16): refused by PendingApprovals, and its review left alone.
    if (request.kind !== 'edit' || this.pending.isWaiting(info.callId)) return this.pending.request(request, info, signal);
    const root = workspaceRoot ?? this.workspaceRoot();
    const file = root ? vscode.Uri.file(path.join(root, request.path)) : undefined;
    const dirty = file && dirtyEditorOf(file);
    if (dirty) {
      const existing = this.reviews.get(info.callId);
      if (existing) await this.finish(existing);
      return { decision: 'rejected', feedback: `Not applied by CodeAgent: ${request.path} has unsaved changes in an editor, which this change would overwrite. Ask the user to save or discard them, then try again.` };
    }
    // Waiting before the editor opens: a click on the chat card must never arrive before the approval exists.
    const waiting = this.pending.request(request, info, signal);
    const shown = this.show(info.callId, request.path, request.before ?? '', request.after, request.reason?.(l10n));
    try {
      const decision = await waiting;
      const review = this.reviews.get(info.callId);
      if (decision.decision === 'rejected' || !review) return decision;
      // Written in the proposal's line endings and BOM; an editor's normalisation is not a user edit.
      const finalContent = fromEditorText(this.proposals.acceptedText(review.uris.proposal), request.after);
      return finalContent === request.after ? decision : { ...decision, finalContent };
    } finally {
      // An editor still opening is closed once it has opened, never left behind.
      await shown.catch(() => undefined);
      const review = this.reviews.get(info.callId);
      if (review) await this.finish(review);
    }
  }

  private async open(review: ReviewTarget): Promise<void> {
    const title = vscode.l10n.t('{0} (proposed by CodeAgent)', path.posix.basename(review.path));
    const opening = vscode.commands.executeCommand('vscode.diff', review.uris.original, review.uris.proposal, title, { preview: false, preserveFocus: true });
    // An editor that opens only after its review ended (a slow open past the timeout) is closed at once.
    void opening.then(() => (this.reviews.get(review.callId) === review ? undefined : closeProposalTabs(review.uris.proposal)), () => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), openTimeoutMs); });
    try {
      const outcome = await Promise.race([opening.then(() => 'opened' as const), timeout]);
      if (outcome === 'timeout') this.warn(vscode.l10n.t('The diff editor for {0} did not open within {1} s; accept or reject the change in the chat.', review.path, openTimeoutMs / 1000));
    } catch (error) {
      this.warn(vscode.l10n.t('The diff editor for {0} could not be opened ({1}); accept or reject the change in the chat.', review.path, errorMessage(error)));
    } finally {
      clearTimeout(timer);
    }
  }

  private async finish(review: ReviewTarget): Promise<void> {
    this.reviews.delete(review.callId);
    try {
      await review.opening?.catch(() => undefined);
      await closeProposalTabs(review.uris.proposal);
    } finally {
      this.proposals.forget(review.uris.proposal);
      this.originals.forget(review.uris.original);
    }
  }
}
