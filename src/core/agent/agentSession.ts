import type { LayeredMessage } from '../context/contextBuilder';
import { renderContextDocument } from '../context/contextDocument';
import type { Conversation, ConversationTotals, TurnInProgress } from '../conversation/conversation';
import { conversationFormatVersion } from '../conversation/conversation';
import { titleFrom } from '../conversation/conversationTitle';
import type { EventSink } from '../events';
import { HistoryManager } from '../history/historyManager';
import { toChatMessage, type HistoryMessage } from '../history/historyMessage';
import { summarizeWithModel } from '../history/summaryRequest';
import { preprocessUserInput } from '../mentions/inputPreprocessor';
import type { Clock } from '../ports/clock';
import type { CommandRunner } from '../ports/commandRunner';
import { ModelError, type ModelClient, type TokenUsage } from '../ports/modelClient';
import type { TextSearch } from '../ports/textSearch';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { projectRulesText } from '../rules/projectRules';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore, formatTodoList } from '../tools/todoStore';
import type { ToolRegistry } from '../tools/toolRegistry';
import { runAgentTurn, type TurnEnd } from './agentTurn';
import type { Approver } from './approvalGate';
import { repairInterruptedTurn } from './interruptedTurn';
import { StreamedReplyText } from './streamedReplyText';
import { PendingQuestion } from './pendingDecisions';
import { buildSystemPrompt } from './systemPrompt';
import { historyMessageOf } from './turnRecordMessage';
import { turnStartedEvent } from './turnStartedEvent';
import { UsageLedger } from './usageLedger';
import { AgentHistories } from '../agents/agentHistories';
import type { ContextMode } from '../agents/contextMode';
import { sharedHistoryView } from '../agents/sharedHistoryView';
import type { AgentCatalog } from '../orchestration/agentCatalog';
import { routeMessage, type MessageRoute } from '../orchestration/messageRoute';
import { concurrentSafeTask, subagentLauncher } from '../orchestration/subagentLauncher';
import { turnProfile } from '../orchestration/turnProfile';
import type { PlanTaskState } from '../plan/planTask';
import { restoredPlan } from '../plan/restoredPlan';
import type { TaskManager } from '../plan/taskManager';
import { ConversationReview } from '../review/conversationReview';
import { defaultContextSummary } from '../subagents/defaultContextSummary';
import { errorMessage } from '../errorMessage';

export interface SessionEnvironment {
  os: string;
  shell: string;
  workspaceRoot: string;
}

export interface AgentSessionDeps {
  model: () => ModelClient;
  clock: Clock;
  settings: () => Settings;
  /** A function when the tools change between turns (MCP servers coming and going). */
  tools: ToolRegistry | (() => ToolRegistry);
  fs: WorkspaceFs;
  commands: CommandRunner;
  search: TextSearch;
  approver: Approver;
  environment: () => SessionEnvironment;
  newId: () => string;
  /** Called whenever the conversation's stored state changed (a record, a turn start or end). */
  onChange?: () => void;
  onFileChanged?: (change: FileChange) => void;
  onProblem?: (message: string) => void;
  /** Named agents (spec §7); none when absent. */
  agents?: AgentCatalog;
  /** A reminder appended to each user message (spec §14: the background processes still running); '' for none. */
  inputReminder?: () => string;
}

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
  }

  /** The plan as the panel shows it; undefined when the conversation has none. */
  get planView(): { summary: string; tasks: PlanTaskState[] } | undefined {
    return this.plan.tasks().length ? { summary: this.plan.summary(), tasks: this.plan.snapshot().tasks } : undefined;
  }

  /** The workspace the tools work in: Revert and Restore checkpoint act on it. */
  get workspaceFs(): WorkspaceFs {
    return this.deps.fs;
  }

  get busy(): boolean {
    return this.running !== undefined;
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
    this.running?.abort(new ModelError('cancelled', 'Cancelled by the user.'));
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
    };
  }

  async send(userText: string, sink: EventSink): Promise<TurnEnd> {
    return this.start(userText, sink, undefined);
  }

  /** True when the turn is the last one and failed before storing anything but its user message. */
  canRetry(turnId: string): boolean {
    const last = this.history.messages.at(-1);
    return !this.running && last?.kind === 'user' && last.turnId === turnId;
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
    return this.start(userText, sink, turnId);
  }

  private async start(userText: string, sink: EventSink, retryOf: string | undefined): Promise<TurnEnd> {
    const emit = this.streamedReply.tap(sink);
    if (this.running) throw new Error('A turn is already running; stop it first.');
    const controller = new AbortController();
    this.running = controller;
    const turnId = this.deps.newId();
    const settings = this.deps.settings();
    const startedAt = this.deps.clock.now();
    let end: TurnEnd = 'error';
    const unsubscribe = this.todos.onChange((todos) => emit({ type: 'todo', todos: [...todos] }));
    this.emitPlan = emit;
    try {
      await this.deps.agents?.ready();
      const route = routeMessage(userText, {
        catalog: this.deps.agents, settings, sessionModes: this.agentModes,
        historyLength: (name) => this.agentHistories.get(name).length,
      });
      if (route.kind === 'notice') {
        emit({ type: 'turnStarted', turnId, userText, retryOf });
        emit({ type: 'notice', turnId, text: route.text });
        this.deps.onChange?.();
        end = 'answered';
      } else {
        end = await this.runTurn({ turnId, userText, startedAt, retryOf }, route, settings, emit, controller);
      }
    } catch (error) {
      if (controller.signal.aborted) end = 'cancelled';
      else emit({ type: 'error', turnId, message: `Internal error: ${errorMessage(error)}` });
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

  private async runTurn(turn: { turnId: string; userText: string; startedAt: number; retryOf: string | undefined }, route: Extract<MessageRoute, { kind: 'turn' }>, settings: Settings, emit: EventSink, controller: AbortController): Promise<TurnEnd> {
    const { turnId, userText, startedAt, retryOf } = turn;
    const tools = typeof this.deps.tools === 'function' ? this.deps.tools() : this.deps.tools;
    const profile = turnProfile(tools, route, this.deps.agents?.agents);
    let input;
    try {
      input = await preprocessUserInput(route.text, this.deps.fs, controller.signal, this.deps.inputReminder?.());
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      // Nothing reached the model or history; the message stays visible so the user can send it again.
      emit({ type: 'turnStarted', turnId, userText, agent: profile.agentName, retryOf });
      emit({ type: 'error', turnId, message: 'Stopped while preparing the message (mentions and @file: context); nothing was sent to the model.', code: 'cancelled' });
      throw error;
    }
    emit(turnStartedEvent(turn, route, input, profile));
    if (!this.title) this.title = titleFrom(userText);
    const isolated = profile.historyOwner === 'main' ? undefined : profile.historyOwner.agent;
    if (!isolated) await this.compactIfNeeded(turnId, input.modelText, settings, emit, controller.signal);
    // The turn sees history as it was; the user message is stored now so a reload mid-turn keeps it.
    const ownHistory = isolated ? this.agentHistories.get(isolated) : this.history.messages;
    const visible = route.agent?.mode === 'shared' ? sharedHistoryView(ownHistory, settings.agents.sharedContextMaxMessages) : ownHistory;
    const historyForTurn = visible.map(toChatMessage);
    const store = (message: HistoryMessage) => (isolated ? this.appendAgent(isolated, message) : this.append(message));
    this.turnInProgress = { turnId, startedAt, userText, isolatedAgent: isolated };
    const userMessageId = this.deps.newId();
    const review = this.review.beginTurn(turnId, userMessageId, { todos: [...this.todos.get()], plan: this.plan.tasks().length ? this.plan.snapshot() : undefined });
    const onFileChanged = (change: FileChange) => {
      review.onFileChanged(change);
      this.deps.onFileChanged?.(change);
    };
    store({ id: userMessageId, createdAt: startedAt, kind: 'user', role: 'user', content: input.modelText, turnId });
    const environment = this.deps.environment();
    const date = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    const turnSettings = profile.modelName ? { ...settings, model: { ...settings.model, name: profile.modelName } } : settings;
    const rules = (touchedPaths: readonly string[]) => projectRulesText(this.deps.fs, touchedPaths, this.deps.onProblem);
    const onUsage = (usage: TokenUsage) => this.usage.record(turnId, usage, settings, emit, false);
    const outcome = await runAgentTurn(turnId, input.modelText, {
      model: this.deps.model(),
      clock: this.deps.clock,
      settings: turnSettings,
      tools: profile.tools,
      approver: this.deps.approver,
      toolContext: {
        fs: this.deps.fs,
        commands: this.deps.commands,
        search: this.deps.search,
        readLedger: this.readLedger,
        todos: this.todos,
        askUser: () => this.question.ask(controller.signal),
        onFileChanged,
        plan: route.planMode ? this.plan : undefined,
        runSubagent: subagentLauncher({
          model: this.deps.model, clock: this.deps.clock, settings, tools, approver: this.deps.approver,
          ports: { fs: this.deps.fs, commands: this.deps.commands, search: this.deps.search, askUser: () => this.question.ask(controller.signal) },
          catalog: this.deps.agents, environment, date, rules,
          fallbackContextSummary: () => defaultContextSummary([...this.history.messages]),
          emit, onUsage, onFileChanged, newId: this.deps.newId,
        }),
      },
      systemPrompt: buildSystemPrompt({ protocol: settings.model.toolProtocol, toolDocs: profile.toolDocs, ...environment, date, role: profile.role, modeSection: profile.modeSection }),
      rules,
      mentionedPaths: input.mentions.map((m) => m.path),
      history: historyForTurn,
      todoRecap: () => (this.todos.get().length ? formatTodoList(this.todos.get()) : ''),
      emit,
      onUsage: (usage) => this.usage.record(turnId, usage, settings, emit),
      onRequest: (layered) => { this.lastRequest = { layered, at: this.deps.clock.now(), model: turnSettings.model.name }; },
      onRecord: (record) => store(historyMessageOf(record, { id: this.deps.newId(), createdAt: this.deps.clock.now(), turnId }, settings)),
      isConcurrentSafe: concurrentSafeTask(tools, this.deps.agents),
    }, controller.signal).finally(() => {
      const changes = review.finish();
      if (changes) emit({ type: 'changes', turnId, changes: changes.changes.map(({ path, kind, added, removed }) => ({ path, kind, added, removed })) });
    });
    return outcome.end;
  }

  private async compactIfNeeded(turnId: string, input: string, settings: Settings, emit: EventSink, signal: AbortSignal): Promise<void> {
    const compaction = await this.history.compactIfNeeded({
      input,
      settings,
      emit,
      signal,
      summarize: (segment, range, summarySignal) => summarizeWithModel(this.deps.model(), {
        model: settings.summaryModel.name || settings.model.name,
        segment, range, signal: summarySignal,
        clock: this.deps.clock,
        maxRetries: settings.model.maxRetries,
        maxOutputTokens: settings.model.maxOutputTokens,
        onUsage: (usage) => this.usage.record(turnId, usage, settings, emit, false),
      }),
    });
    if (compaction.result && compaction.result.outcome !== 'nothingToDo') this.deps.onChange?.();
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
