import type { LayeredMessage } from '../context/contextBuilder';
import { renderContextDocument } from '../context/contextDocument';
import { conversationFormatVersion, type Conversation, type ConversationTotals, type TurnInProgress } from '../conversation/conversation';
import { titleFrom } from '../conversation/conversationTitle';
import type { EventSink } from '../events';
import { HistoryManager } from '../history/historyManager';
import type { HistoryMessage } from '../history/historyMessage';
import { ModelError, type ImageAttachment, type TokenUsage } from '../ports/modelClient';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore } from '../tools/todoStore';
import type { TurnEnd } from '../contracts/turnRecord';
import type { AgentSessionDeps } from './agentSessionDeps';
import { repairInterruptedTurn } from './interruptedTurn';
import { StreamedReplyText } from './streamedReplyText';
import { PendingQuestion } from '../agent/pendingDecisions';
import { settingsForTurn } from '../agent/approvalGate';
import { runSessionTurn, type SessionState } from './sessionTurn';
import { UsageLedger } from './usageLedger';
import { compactSessionHistory } from './sessionCompaction';
import { AgentHistories } from '../agents/agentHistories';
import type { ContextMode } from '../agents/contextMode';
import { routeChatMessage } from '../orchestration/chatRoute';
import type { PlanTaskState } from '../plan/planTask';
import { restoredPlan } from '../plan/restoredPlan';
import type { TaskManager } from '../plan/taskManager';
import { ConversationReview } from '../review/conversationReview';
import { userErrorMessage } from '../errorMessage';
import { english, type Translator } from '../ports/translator';
import { MessageQueue } from '../queue/messageQueue';
import { withImagePlaceholders } from '../images/imageText';
import type { RecordedChange } from '../review/changeRecorder';
import type { WorktreeRecord } from '../worktrees/worktreeRecord';
import { runSetupCommand } from './worktreeSetup';

/** One conversation: owns its history, todos, read ledger and totals, and runs one agent turn at a time. */
export class AgentSession {
  readonly id: string;
  private readonly createdAt: number;
  private title: string;
  private readonly history: HistoryManager;
  private readonly todos = new InMemoryTodoStore();
  private readonly readLedger = new ReadLedger();
  private readonly question = new PendingQuestion();
  private readonly usage: UsageLedger;
  private turnInProgress: TurnInProgress | undefined;
  private readonly streamedReply = new StreamedReplyText();
  private running: AbortController | undefined;
  private lastRequest: { layered: LayeredMessage[]; at: number; model: string } | undefined;
  private readonly plan: TaskManager;
  private readonly agentHistories: AgentHistories;
  private readonly agentModes: Map<string, ContextMode>;
  /** The change lists and checkpoints of this conversation (spec §8). */
  readonly review: ConversationReview;
  /** Messages sent while a turn runs (spec §16): the turn takes them before its next model request. */
  readonly queue: MessageQueue;
  /** The running turn's sink, for plan changes made by its tools. */
  private emitPlan: EventSink | undefined;

  /** `restored`: a stored conversation; a turn that a reload cut short is closed consistently first. */
  constructor(private readonly deps: AgentSessionDeps, restored?: Conversation) {
    this.id = restored?.id ?? `conv-${deps.newId()}`.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
    this.createdAt = restored?.createdAt ?? deps.clock.now();
    this.title = restored?.title ?? '';
    const stamp = () => ({ id: deps.newId(), createdAt: deps.clock.now() });
    const interrupted = restored?.turnInProgress;
    const isolated = interrupted?.isolatedAgent;
    this.history = new HistoryManager(deps, restored ? repairInterruptedTurn(restored.messages, isolated ? undefined : interrupted, stamp) : []);
    this.agentHistories = AgentHistories.fromSnapshot(restored?.agentHistories);
    if (isolated) this.agentHistories.set(isolated, repairInterruptedTurn(this.agentHistories.get(isolated), interrupted, stamp));
    this.agentModes = new Map(Object.entries(restored?.agentModes ?? {}));
    this.review = new ConversationReview({ checkpoints: restored?.checkpoints, changes: restored?.changes });
    this.plan = restoredPlan(restored?.plan, interrupted !== undefined, deps.onProblem);
    this.plan.onChange((snapshot) => {
      this.emitPlan?.({ type: 'plan', summary: this.plan.summary(), tasks: snapshot.tasks });
      deps.onChange?.();
    });
    this.todos.set(restored?.todos ?? []);
    this.usage = new UsageLedger(restored);
    this.queue = new MessageQueue(deps.newId, restored?.queued);
    this.queue.onChange(() => deps.onChange?.());
  }

  /** The plan as the panel shows it; undefined when the conversation has none. */
  get planView(): { summary: string; tasks: PlanTaskState[] } | undefined {
    return this.plan.tasks().length ? { summary: this.plan.summary(), tasks: this.plan.snapshot().tasks } : undefined;
  }

  private get l10n(): Translator { return this.deps.l10n ?? english; }

  /** The workspace the tools work in: Revert and Restore checkpoint act on it. */
  get workspaceFs(): WorkspaceFs {
    return this.deps.fs;
  }

  /** Spec §19: the worktree the conversation works in; undefined for one in the user's working tree. */
  get worktree(): WorktreeRecord | undefined {
    return this.deps.worktree;
  }

  /** Where the changes of `turnId` are: the user's tree for an Apply's (spec §19), else the tools' workspace. */
  workspaceFsOf(turnId: string): WorkspaceFs {
    return (this.review.isApplied(turnId) && this.deps.userTreeFs) || this.deps.fs;
  }

  /** Spec §19: an Apply's changes to the user's tree, kept with the conversation like a turn's. */
  recordApplied(turnId: string, changes: readonly RecordedChange[]): void {
    this.review.recordApplied(turnId, changes);
    this.deps.onChange?.();
  }

  get busy(): boolean { return this.running !== undefined; }

  /** The conversation's name (its first message's start), '' until it has one. */
  get conversationTitle(): string {
    return this.title;
  }

  get messages(): readonly HistoryMessage[] {
    return this.history.messages;
  }

  get lastReportedUsage(): TokenUsage | undefined {
    return this.usage.lastUsage;
  }

  get contextWindowTokens(): number {
    return this.deps.settings().model.contextWindow;
  }

  get usageTotals(): ConversationTotals {
    return this.usage.totals;
  }

  /** True while AskUser waits: the next chat message is its answer, not a new turn. */
  get awaitingAnswer(): boolean {
    return this.question.waiting;
  }

  answer(text: string): boolean {
    return this.question.answer(text);
  }

  cancel(): void {
    this.running?.abort(new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.')));
  }

  /** The exact context of the last model request, rendered with its layers marked; undefined before the first. */
  lastContextDocument(): string | undefined {
    if (!this.lastRequest) return undefined;
    return renderContextDocument(this.lastRequest.layered, { model: this.lastRequest.model, at: new Date(this.lastRequest.at).toISOString() });
  }

  /** The stored form, with the panel's transcript entries alongside. */
  toConversation(transcript: unknown[]): Conversation {
    return {
      version: conversationFormatVersion,
      id: this.id,
      title: this.title,
      createdAt: this.createdAt,
      updatedAt: this.deps.clock.now(),
      messages: [...this.history.messages],
      transcript,
      totals: this.usage.totals,
      lastUsage: this.usage.lastUsage,
      todos: [...this.todos.get()],
      turnInProgress: this.turnInProgress && { ...this.turnInProgress, partialText: this.streamedReply.text || undefined },
      plan: this.plan.tasks().length ? this.plan.snapshot() : undefined,
      agentHistories: this.agentHistories.names().length ? this.agentHistories.toSnapshot() : undefined,
      agentModes: this.agentModes.size ? Object.fromEntries(this.agentModes) : undefined,
      checkpoints: this.review.checkpoints,
      changes: this.review.changes,
      // A queued message's images stay in memory: the stored queue names them (the log holds no image data).
      queued: this.queue.size ? this.queue.messages.map(({ id, text, images }) => ({ id, text: withImagePlaceholders(text, images) })) : undefined,
      worktree: this.deps.worktree,
    };
  }

  /** images: checked already (images/attachedImages), sent with the message. */
  async send(userText: string, sink: EventSink, images?: readonly ImageAttachment[]): Promise<TurnEnd> {
    return this.start(userText, sink, undefined, images);
  }

  /** Spec §19: a new worktree's setup command (worktreeSetup), busy like a turn while it runs: Stop ends it. */
  async runSetup(command: string, sink: EventSink): Promise<void> {
    if (this.running) return;
    const controller = (this.running = new AbortController());
    try {
      await runSetupCommand({ deps: this.deps, command, conversationId: this.id, emit: sink, signal: controller.signal });
    } finally {
      this.running = undefined;
      this.deps.onChange?.();
    }
  }

  /** True when the turn is the last one and failed before storing anything but its user message. */
  canRetry(turnId: string): boolean {
    const [last, before] = [this.history.messages.at(-1), this.history.messages.at(-2)];
    // A queued message the turn took is a user message of the same turn: the turn did more than store its own.
    return !this.running && last?.kind === 'user' && last.turnId === turnId && before?.turnId !== turnId;
  }

  /**
   * Runs a failed turn's message again as a new turn (see canRetry): its stored copy and its checkpoint go first,
   * so history holds the message once. Undefined when the turn cannot be retried (any more).
   */
  async retry(turnId: string, userText: string, sink: EventSink): Promise<TurnEnd | undefined> {
    if (!this.canRetry(turnId)) return undefined;
    const failed = this.history.messages.at(-1)!;
    this.history.dropLast(failed.id);
    this.review.forgetCheckpoint(failed.id);
    // The images attached to the failed message go again with it.
    return this.start(userText, sink, turnId, failed.images);
  }

  private async start(userText: string, sink: EventSink, retryOf: string | undefined, images?: readonly ImageAttachment[]): Promise<TurnEnd> {
    const emit = this.streamedReply.tap(sink);
    if (this.running) throw new Error('A turn is already running; stop it first.');
    const controller = new AbortController();
    this.running = controller;
    const turnId = this.deps.newId();
    const settings = settingsForTurn(this.deps.settings());
    const startedAt = this.deps.clock.now();
    let end: TurnEnd = 'error';
    const unsubscribe = this.todos.onChange((todos) => emit({ type: 'todo', todos: [...todos] }));
    this.emitPlan = emit;
    try {
      await this.deps.agents?.ready();
      const route = await routeChatMessage(userText, {
        catalog: this.deps.agents, settings, sessionModes: this.agentModes,
        historyLength: (name) => this.agentHistories.get(name).length,
        commands: this.deps.slashCommands, mcp: this.deps.mcp, inputs: this.deps.userInput, signal: controller.signal, l10n: this.l10n,
      });
      if (route.kind === 'notice') {
        emit({ type: 'turnStarted', turnId, userText, retryOf });
        emit({ type: 'notice', turnId, text: route.text });
        this.deps.onChange?.();
        end = 'answered';
      } else {
        end = await runSessionTurn({ turnId, userText, startedAt, retryOf, images }, route, settings, emit, controller, this.turnState);
      }
    } catch (error) {
      if (controller.signal.aborted) end = 'cancelled';
      else emit({ type: 'error', turnId, message: this.l10n.t('Internal error: {0}', userErrorMessage(error, this.l10n)) });
    } finally {
      unsubscribe();
      this.emitPlan = undefined;
      this.running = undefined;
      this.turnInProgress = undefined;
    }
    this.deps.onChange?.();
    emit({ type: 'turnEnded', turnId, reason: end, retryable: (end === 'error' && this.canRetry(turnId)) || undefined });
    return end;
  }

  /** What a turn borrows of this conversation while it runs. */
  private get turnState(): SessionState {
    return {
      deps: this.deps, sessionId: this.id, readLedger: this.readLedger, todos: this.todos, question: this.question, plan: this.plan,
      review: this.review, usage: this.usage, agentHistories: this.agentHistories, queue: this.queue,
      mainHistory: () => this.history.messages,
      nameIfUntitled: (userText) => { if (!this.title) this.title = titleFrom(userText); },
      store: (message, agent) => (agent ? this.appendAgent(agent, message) : this.append(message)),
      began: (turn) => { this.turnInProgress = turn; },
      requested: (request) => { this.lastRequest = request; },
      compactIfNeeded: (turnId, input, settings, emit, signal) => compactSessionHistory({ history: this.history, deps: this.deps, usage: this.usage }, turnId, input, settings, emit, signal),
    };
  }

  private appendAgent(agent: string, message: HistoryMessage): void {
    this.agentHistories.append(agent, message);
    this.deps.onChange?.();
  }

  private append(message: HistoryMessage): void {
    this.history.append(message);
    this.deps.onChange?.();
  }
}
