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
import { loadProjectRules } from '../rules/projectRules';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore, formatTodoList } from '../tools/todoStore';
import type { ToolRegistry } from '../tools/toolRegistry';
import { runAgentTurn, type TurnEnd, type TurnRecord } from './agentTurn';
import type { Approver } from './approvalGate';
import { costOf } from './cost';
import { repairInterruptedTurn } from './interruptedTurn';
import { PendingQuestion } from './pendingDecisions';
import { turnToolsFrom } from './registryTurnTools';
import { buildSystemPrompt } from './systemPrompt';

export interface SessionEnvironment {
  os: string;
  shell: string;
  workspaceRoot: string;
}

export interface AgentSessionDeps {
  model: () => ModelClient;
  clock: Clock;
  settings: () => Settings;
  tools: ToolRegistry;
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
  private totals: ConversationTotals;
  private lastUsage: TokenUsage | undefined;
  private turnInProgress: TurnInProgress | undefined;
  private running: AbortController | undefined;
  private lastRequest: { layered: LayeredMessage[]; at: number; model: string } | undefined;

  /** `restored`: a stored conversation; a turn that a reload cut short is closed consistently first. */
  constructor(private readonly deps: AgentSessionDeps, restored?: Conversation) {
    this.id = restored?.id ?? `conv-${deps.newId()}`.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
    this.createdAt = restored?.createdAt ?? deps.clock.now();
    this.title = restored?.title ?? '';
    this.history = new HistoryManager(deps, restored ? repairInterruptedTurn(restored.messages, restored.turnInProgress, () => ({ id: deps.newId(), createdAt: deps.clock.now() })) : []);
    this.todos.set(restored?.todos ?? []);
    this.totals = restored?.totals ?? { inputTokens: 0, outputTokens: 0, cost: 0 };
    this.lastUsage = restored?.lastUsage;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  get messages(): readonly HistoryMessage[] {
    return this.history.messages;
  }

  get lastReportedUsage(): TokenUsage | undefined {
    return this.lastUsage;
  }

  get contextWindowTokens(): number {
    return this.deps.settings().model.contextWindow;
  }

  get usageTotals(): ConversationTotals {
    return { ...this.totals };
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
      totals: { ...this.totals },
      lastUsage: this.lastUsage,
      todos: [...this.todos.get()],
      turnInProgress: this.turnInProgress,
    };
  }

  async send(userText: string, emit: EventSink): Promise<TurnEnd> {
    if (this.running) throw new Error('A turn is already running; stop it first.');
    const controller = new AbortController();
    this.running = controller;
    const turnId = this.deps.newId();
    const settings = this.deps.settings();
    const startedAt = this.deps.clock.now();
    let end: TurnEnd = 'error';
    const unsubscribe = this.todos.onChange((todos) => emit({ type: 'todo', todos: [...todos] }));
    try {
      let input;
      try {
        input = await preprocessUserInput(userText, this.deps.fs, controller.signal);
      } catch (error) {
        if (!controller.signal.aborted) throw error;
        // Nothing reached the model or history; the message stays visible so the user can send it again.
        emit({ type: 'turnStarted', turnId, userText });
        emit({ type: 'error', turnId, message: 'Stopped while preparing the message (mentions and @file: context); nothing was sent to the model.', code: 'cancelled' });
        throw error;
      }
      emit({
        type: 'turnStarted', turnId, userText,
        mentions: input.mentionOccurrences.map((m) => ({ path: m.path, kind: m.kind, raw: userText.slice(m.start, m.end) })),
        reminder: input.reminderText || undefined,
        warnings: input.warnings.length ? input.warnings : undefined,
      });
      if (!this.title) this.title = titleFrom(userText);
      const compaction = await this.history.compactIfNeeded({
        input: input.modelText,
        settings,
        emit,
        signal: controller.signal,
        summarize: (segment, range, signal) => summarizeWithModel(this.deps.model(), {
          model: settings.summaryModel.name || settings.model.name,
          segment, range, signal,
          clock: this.deps.clock,
          maxRetries: settings.model.maxRetries,
          maxOutputTokens: settings.model.maxOutputTokens,
          onUsage: (usage) => this.recordUsage(turnId, usage, settings, emit, false),
        }),
      });
      if (compaction.result && compaction.result.outcome !== 'nothingToDo') this.deps.onChange?.();
      // The turn sees history as it was; the user message is stored now so a reload mid-turn keeps it.
      const historyForTurn = this.history.messages.map(toChatMessage);
      this.turnInProgress = { turnId, startedAt, userText };
      this.append({ id: this.deps.newId(), createdAt: startedAt, kind: 'user', role: 'user', content: input.modelText, turnId });
      const environment = this.deps.environment();
      const outcome = await runAgentTurn(turnId, input.modelText, {
        model: this.deps.model(),
        clock: this.deps.clock,
        settings,
        tools: turnToolsFrom(this.deps.tools),
        approver: this.deps.approver,
        toolContext: {
          fs: this.deps.fs,
          commands: this.deps.commands,
          search: this.deps.search,
          readLedger: this.readLedger,
          todos: this.todos,
          askUser: () => this.question.ask(controller.signal),
          onFileChanged: this.deps.onFileChanged,
        },
        systemPrompt: buildSystemPrompt({
          protocol: settings.model.toolProtocol,
          toolDocs: this.deps.tools.list().map((t) => t.doc),
          ...environment,
          date: new Date(this.deps.clock.now()).toISOString().slice(0, 10),
        }),
        rules: (touchedPaths) => this.rules(touchedPaths),
        mentionedPaths: input.mentions.map((m) => m.path),
        history: historyForTurn,
        todoRecap: () => (this.todos.get().length ? formatTodoList(this.todos.get()) : ''),
        emit,
        onUsage: (usage) => this.recordUsage(turnId, usage, settings, emit),
        onRequest: (layered) => { this.lastRequest = { layered, at: this.deps.clock.now(), model: settings.model.name }; },
        onRecord: (record) => this.append(this.toHistoryMessage(record, turnId, settings)),
      }, controller.signal);
      end = outcome.end;
    } catch (error) {
      if (controller.signal.aborted) end = 'cancelled';
      else emit({ type: 'error', turnId, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      unsubscribe();
      this.running = undefined;
      this.turnInProgress = undefined;
    }
    this.deps.onChange?.();
    emit({ type: 'turnEnded', turnId, reason: end });
    return end;
  }

  private async rules(touchedPaths: readonly string[]): Promise<string> {
    try {
      const rules = await loadProjectRules(this.deps.fs, { touchedPaths });
      for (const problem of rules.problems) this.deps.onProblem?.(problem);
      return rules.text;
    } catch (error) {
      this.deps.onProblem?.(`Project rules could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  }

  private append(message: HistoryMessage): void {
    this.history.append(message);
    this.deps.onChange?.();
  }

  private toHistoryMessage(record: TurnRecord, turnId: string, settings: Settings): HistoryMessage {
    // Fields set one by one, not spread: V8 keeps such objects on a fast shape, which every pass over history feels.
    const message: HistoryMessage = { id: this.deps.newId(), createdAt: this.deps.clock.now(), kind: record.kind, role: record.message.role, content: record.message.content, turnId };
    if (record.message.toolCalls) message.toolCalls = record.message.toolCalls;
    if (record.message.toolCallId) message.toolCallId = record.message.toolCallId;
    if (record.toolName) message.toolName = record.toolName;
    if (record.usage) {
      message.usage = record.usage;
      message.cost = costOf(record.usage, settings);
    }
    return message;
  }

  /** `chatCall`: false for the summary call, whose usage costs money but says nothing about the chat's context size. */
  private recordUsage(turnId: string, usage: TokenUsage, settings: Settings, emit: EventSink, chatCall = true): void {
    const cost = costOf(usage, settings);
    if (chatCall) this.lastUsage = usage;
    this.totals = { inputTokens: this.totals.inputTokens + usage.inputTokens, outputTokens: this.totals.outputTokens + usage.outputTokens, cost: this.totals.cost + cost };
    emit({ type: 'tokenUsage', turnId, usage, cost });
    if (chatCall) emit({ type: 'contextWindow', usedTokens: usage.inputTokens + usage.outputTokens, windowTokens: settings.model.contextWindow });
  }
}
