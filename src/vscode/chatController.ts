import type { AgentSession } from '../core/session/agentSession';
import type { Conversation } from '../core/conversation/conversation';
import { randomUUID } from 'node:crypto';
import { checkAttachedImages } from '../core/images/attachedImages';
import type { AttachedImageView, HostMessage, WebviewMessage } from '../protocol/messages';
import { errorMessage } from '../core/errorMessage';
import { ConversationSaver } from './conversationSaver';
import type { ReviewContext } from './review/reviewActions';
import type { ChatControllerDeps } from './chatControllerDeps';
import { TranscriptProjector } from './transcriptProjector';
import { InputPrefills } from './inputPrefills';
import { ConversationTurns } from './conversationTurns';
import { onboardingOrProblem, planModeOrOff, storedEntries } from './safeViewReads';
import { l10n } from './hostL10n';
import { outsideSandboxRequest } from './outsideSandboxRequest';
import type { WorktreeRecord } from '../core/worktrees/worktreeRecord';
import { decideFromView, snapshotOf } from './viewMessages';
import { tailStart } from './snapshotTail';
import { undoMemoryCard } from './memoryUndoCard';
import { sendConversationList } from './conversationListing';

export type { ChatControllerDeps } from './chatControllerDeps';

/** Owns the current conversation, keeps it saved, and mirrors it into whichever webview is attached (none while hidden). */
export class ChatController {
  private session!: AgentSession;
  private projector!: TranscriptProjector;
  private post: ((message: HostMessage) => void) | undefined;
  private stopWatchingQueue: (() => void) | undefined;
  private readonly saver: ConversationSaver;
  private readonly ready: Promise<void>;
  /** A New Chat or an opened conversation being put in place: a message sent meanwhile waits for it, then goes to it. */
  private switching: Promise<void> = Promise.resolve();
  /** Where the last snapshot's entries started: the panel gets the ones before on `loadEarlier`. */
  private sentFrom = 0;
  private readonly prefills = new InputPrefills((text) => this.emit({ type: 'prefill', text }));
  private readonly turns = new ConversationTurns({
    current: () => ({ session: this.session, projector: this.projector }),
    emit: (message) => this.emit(message),
    scheduleSave: (session, projector) => this.scheduleSave(session, projector),
    flush: () => this.saver.flush(),
    started: (session) => this.deps.lastConversation.set(session.id),
    onEvent: (event, session) => this.deps.onEvent?.(event, session),
    log: (message) => this.deps.log(message),
  });

  constructor(private readonly deps: ChatControllerDeps) {
    this.saver = new ConversationSaver(deps.store, deps.log);
    this.open(undefined);
    this.ready = this.reopenLast();
  }

  /** The conversation this controller holds (spec §16: each view holds its own). */
  get conversationId(): string {
    return this.session.id;
  }

  get busy(): boolean { return this.session.busy; }

  attach(post: (message: HostMessage) => void): void {
    this.post = post;
  }

  /** `post`: only if that view is still the attached one (a newer view may have replaced it). */
  detach(post?: (message: HostMessage) => void): void {
    if (post && post !== this.post) return;
    this.post = undefined;
    this.prefills.setViewReady(false);
  }

  /** The view closed for good: its turn stops (its queue is kept with the conversation) and everything is saved. */
  async dispose(): Promise<void> {
    this.detach();
    this.stopWatchingQueue?.();
    this.session.cancel();
    await this.saver.flush();
  }

  /** A hidden view's content is gone; whatever must reach it waits for its next `ready`. */
  viewHidden(): void {
    this.prefills.setViewReady(false);
  }

  handle(message: WebviewMessage): void {
    switch (message.type) {
      case 'ready': return void this.ready.then(() => {
        this.sendSnapshot();
        this.prefills.setViewReady(this.post !== undefined);
        this.deps.store.warm?.();
      });
      case 'send': return void this.send(message.text, message.images);
      case 'retry': return void this.retry(message.turnId);
      case 'runOutsideSandbox': return void ((text) => text !== undefined && this.send(text))(outsideSandboxRequest(this.projector.entries, message.entryId));
      case 'stop': return this.session.cancel();
      case 'removeQueued': return void this.session.queue.remove(message.id);
      case 'newChat': return void this.newChat();
      case 'newChatInWorktree': return void this.newChatInWorktree();
      case 'worktreeAction': return void this.deps.worktrees?.act(message.action, this.reviewContext());
      case 'runCommand': return this.deps.runCommand(message.command);
      case 'openFile': return this.deps.openFile(message.path, message.line, this.session.workspaceFs.root);
      case 'setPlanMode': return this.deps.setPlanMode(message.on);
      case 'openChange': return this.deps.review?.openChange(this.reviewContext(), message.turnId, message.path);
      case 'reviewChanges': return this.deps.review?.reviewChanges(this.reviewContext(), message.turnId);
      case 'revertChange': return void this.deps.review?.revert(this.reviewContext(), message.turnId, message.path);
      case 'undoMemory': return void undoMemoryCard({ ...this.reviewContext(), root: this.session.workspaceFs.root, saved: () => this.scheduleSave(this.session, this.projector), warn: (text) => this.showWarning(text) }, message.entryId);
      case 'restoreCheckpoint': return void this.deps.review?.restoreCheckpoint(this.reviewContext(), message.turnId, this.projector.entries);
      case 'showContext': return this.deps.showContext();
      case 'listConversations': return void this.sendConversationList();
      case 'loadEarlier': return this.emit({ type: 'earlierEntries', entries: this.projector.entries.slice(0, this.sentFrom) });
      case 'suggestPaths': return void this.deps.suggestPaths(message.query, this.session.workspaceFs.root).then((items) => this.emit({ type: 'pathSuggestions', query: message.query, items }));
      case 'openConversation': return void this.openConversation(message.id);
      case 'deleteConversation': return void this.deleteConversation(message.id);
      case 'approvalDecision': return void decideFromView(this.deps.approvals, message, this.deps.log, this.deps.allowCommands);
    }
  }

  async send(text: string, attached: readonly AttachedImageView[] = []): Promise<void> {
    await this.ready;
    await this.switching;
    if (onboardingOrProblem(this.deps.onboarding, this.deps.log)) return this.refreshOnboarding();
    const refusal = await this.deps.worktrees?.refusal(this.session);
    if (refusal) return this.showWarning(refusal);
    if (this.session.awaitingAnswer) {
      this.session.answer(text);
      return;
    }
    const checked = checkAttachedImages(attached, this.deps.supportsImages(), randomUUID, l10n);
    if (!checked.ok) return this.showWarning(checked.message);
    await this.turns.submit(text, checked.images);
  }

  /** A failed turn's Retry: its message again, from the transcript's user entry (what the user typed). */
  async retry(turnId: string): Promise<void> {
    await this.ready;
    await this.switching;
    if (this.session.busy) return this.deps.log('A turn is running; the retry was not started.');
    const text = this.projector.entries.find((e) => e.kind === 'user' && e.turnId === turnId)?.text;
    if (text === undefined || !this.session.canRetry(turnId)) return this.showWarning(l10n.t('That turn can no longer be retried: send the message again.'));
    await this.turns.retry(turnId, text);
  }

  newChat(worktree?: WorktreeRecord): Promise<void> {
    return this.switchConversation(async () => {
      await this.leaveCurrent();
      this.open(undefined, worktree);
      this.deps.lastConversation.set(undefined);
      this.sendSnapshot();
    });
  }

  /** Spec §19: a new conversation in a new git worktree (or `worktree`, made already), stored at once; its setup command runs first. */
  async newChatInWorktree(worktree?: WorktreeRecord): Promise<void> {
    const made = worktree ?? (await this.deps.worktrees?.create());
    if (!made) return;
    await this.newChat(made);
    await this.turns.setUp(this.deps.worktrees?.setupCommand() ?? '');
  }

  async openConversation(id: string): Promise<void> {
    if (id === this.session.id) return this.sendSnapshot();
    if (this.deps.openElsewhere?.(id)) return;
    const conversation = await this.deps.store.load(id);
    if (!conversation) {
      this.deps.log(`Conversation ${id} could not be loaded.`);
      return this.sendConversationList();
    }
    await this.switchConversation(async () => {
      await this.leaveCurrent();
      this.open(conversation);
      this.deps.lastConversation.set(id);
      this.sendSnapshot();
    });
  }

  async deleteConversation(id: string): Promise<void> {
    const summary = (await this.deps.store.list()).find((c) => c.id === id);
    if (!(await this.deps.confirmDelete(summary?.title || l10n.t('this conversation')))) return;
    if (id === this.session.id) {
      this.session.cancel();
      this.open(undefined);
      this.deps.lastConversation.set(undefined);
      this.sendSnapshot();
    }
    await this.deps.store.delete(id);
    await this.sendConversationList();
  }

  lastContextDocument(): string | undefined {
    return this.session.lastContextDocument();
  }

  /** Text for the input (Send File/Selection); kept until a loaded view can take it, so a reveal never loses it. */
  prefill(text: string): void {
    this.prefills.add(text);
  }

  refreshPlanMode(): void {
    this.emit({ type: 'planMode', on: planModeOrOff(this.deps.planMode) });
  }

  /** A problem the user should see in the chat (an invalid agent file), as a warning entry. */
  showWarning(message: string): void {
    for (const patch of this.projector.apply({ type: 'error', turnId: '', message, code: 'warning' })) this.emit(patch);
  }

  /** After the last conversation reopened, which would otherwise replace the line. */
  showWarningWhenReady = (message: string): void => void this.ready.then(() => this.showWarning(message));

  refreshOnboarding(): void {
    this.emit({ type: 'onboarding', onboarding: onboardingOrProblem(this.deps.onboarding, this.deps.log) });
  }

  /** Writes whatever is pending; called when the extension deactivates. */
  flush(): Promise<void> {
    return this.saver.flush();
  }

  private reviewContext(): ReviewContext {
    return {
      session: this.session,
      projector: this.projector,
      emit: (message) => this.emit(message),
      reopen: async (conversation, text) => {
        const restored = { ...conversation, turnInProgress: undefined };
        // Cut back to the first message: nothing is left to store, and the old file must not come back.
        if (restored.messages.length === 0) await this.deps.store.delete(restored.id);
        this.open(restored);
        this.scheduleSave(this.session, this.projector);
        await this.saver.flush();
        this.sendSnapshot();
        this.prefill(text);
      },
    };
  }

  private async reopenLast(): Promise<void> {
    const id = this.deps.lastConversation.get();
    if (!id) return;
    try {
      const conversation = await this.deps.store.load(id);
      if (conversation) this.open(conversation);
      // A reload cut the turn short; what the user had queued for it starts the next one.
      const queued = conversation?.turnInProgress && !onboardingOrProblem(this.deps.onboarding, this.deps.log) ? this.session.queue.takeFirst() : undefined;
      if (queued) void this.turns.runQueue(queued);
    } catch (error) {
      this.deps.log(`Could not reopen the last conversation: ${errorMessage(error)}`);
    }
  }

  private open(conversation: Conversation | undefined, worktree?: WorktreeRecord): void {
    const projector = new TranscriptProjector(`e${Date.now().toString(36)}`, conversation ? storedEntries(conversation.transcript) : []);
    // The callback runs only after construction, when `session` is set.
    const session: AgentSession = this.deps.createSession(conversation, () => this.scheduleSave(session, projector), worktree);
    if (conversation) {
      projector.restoreUsage(session.usageTotals, session.lastReportedUsage, session.contextWindowTokens, conversation.turnInProgress !== undefined);
      // A reload may have failed the task whose child it killed: the plan entry shows the plan as restored.
      const plan = session.planView;
      if (plan) projector.apply({ type: 'plan', ...plan });
    }
    this.stopWatchingQueue?.();
    this.stopWatchingQueue = session.queue.onChange((items) => this.emit({ type: 'queued', items: [...items] }));
    this.session = session;
    this.projector = projector;
  }

  private switchConversation(change: () => Promise<void>): Promise<void> {
    const done = this.switching.then(change);
    this.switching = done.catch(() => undefined);
    return done;
  }

  private leaveCurrent(): Promise<void> {
    this.session.cancel();
    return this.saver.flush();
  }

  private scheduleSave(session: AgentSession, projector: TranscriptProjector): void {
    // A conversation is stored from its first message on (a worktree's at once); an empty new chat leaves no file behind.
    this.saver.schedule(() => (session.messages.length || session.worktree ? session.toConversation(projector.entries) : undefined));
  }

  private sendConversationList(): Promise<void> {
    return sendConversationList(this.deps, () => this.saver.flush(), () => this.session.id, (message) => this.emit(message));
  }

  private sendSnapshot(): void {
    this.sentFrom = tailStart(this.projector.entries);
    this.emit(snapshotOf(this.session, this.projector, this.deps, this.sentFrom));
    void this.deps.worktrees?.show(this.session, (message) => this.emit(message));
  }

  private emit(message: HostMessage): void {
    this.post?.(message);
  }
}
