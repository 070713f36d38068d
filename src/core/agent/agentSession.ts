import type { EventSink } from '../events';
import type { Clock } from '../ports/clock';
import type { CommandRunner } from '../ports/commandRunner';
import { ModelError, type ModelClient, type TokenUsage } from '../ports/modelClient';
import type { TextSearch } from '../ports/textSearch';
import type { WorkspaceFs } from '../ports/workspaceFs';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore, formatTodoList } from '../tools/todoStore';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { LayeredMessage } from '../context/contextBuilder';
import { renderContextDocument } from '../context/contextDocument';
import { toChatMessage, type HistoryMessage } from '../history/historyMessage';
import { runAgentTurn, type TurnEnd, type TurnRecord } from './agentTurn';
import type { Approver } from './approvalGate';
import { costOf } from './cost';
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
  /** L2 project rules, read afresh for every turn. */
  rules?: () => Promise<string>;
  newId: () => string;
  onFileChanged?: (change: FileChange) => void;
}

/** One conversation: owns its history, todos and read ledger, and runs one agent turn at a time. */
export class AgentSession {
  private readonly history: HistoryMessage[] = [];
  private readonly todos = new InMemoryTodoStore();
  private readonly readLedger = new ReadLedger();
  private readonly question = new PendingQuestion();
  private running: AbortController | undefined;
  private lastUsage: TokenUsage | undefined;
  private lastRequest: { layered: LayeredMessage[]; at: number; model: string } | undefined;

  constructor(private readonly deps: AgentSessionDeps) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  get messages(): readonly HistoryMessage[] {
    return this.history;
  }

  get lastReportedUsage(): TokenUsage | undefined {
    return this.lastUsage;
  }

  /** The exact context of the last model request, rendered with its layers marked; undefined before the first. */
  lastContextDocument(): string | undefined {
    if (!this.lastRequest) return undefined;
    return renderContextDocument(this.lastRequest.layered, { model: this.lastRequest.model, at: new Date(this.lastRequest.at).toISOString() });
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

  async send(userText: string, emit: EventSink): Promise<TurnEnd> {
    if (this.running) throw new Error('A turn is already running; stop it first.');
    const controller = new AbortController();
    this.running = controller;
    const turnId = this.deps.newId();
    const settings = this.deps.settings();
    emit({ type: 'turnStarted', turnId, userText });
    const unsubscribe = this.todos.onChange((todos) => emit({ type: 'todo', todos: [...todos] }));
    let end: TurnEnd = 'error';
    let records: TurnRecord[] = [];
    const startedAt = this.deps.clock.now();
    try {
      const environment = this.deps.environment();
      const outcome = await runAgentTurn(turnId, userText, {
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
        rules: (await this.deps.rules?.()) ?? '',
        history: this.history.map(toChatMessage),
        todoRecap: () => (this.todos.get().length ? formatTodoList(this.todos.get()) : ''),
        emit,
        onUsage: (usage) => this.recordUsage(turnId, usage, settings, emit),
        onRequest: (layered) => { this.lastRequest = { layered, at: this.deps.clock.now(), model: settings.model.name }; },
      }, controller.signal);
      end = outcome.end;
      records = outcome.records;
    } catch (error) {
      emit({ type: 'error', turnId, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      unsubscribe();
      this.running = undefined;
    }
    // The whole exchange enters history, even when cut short, so the next turn sees what the user saw.
    this.history.push(
      { id: this.deps.newId(), createdAt: startedAt, kind: 'user', role: 'user', content: userText, turnId },
      ...records.map((record): HistoryMessage => ({
        ...record.message,
        id: this.deps.newId(),
        createdAt: this.deps.clock.now(),
        kind: record.kind,
        turnId,
        toolName: record.toolName,
        usage: record.usage,
        cost: record.usage ? costOf(record.usage, settings) : undefined,
      })),
    );
    emit({ type: 'turnEnded', turnId, reason: end });
    return end;
  }

  private recordUsage(turnId: string, usage: TokenUsage, settings: Settings, emit: EventSink): void {
    this.lastUsage = usage;
    emit({ type: 'tokenUsage', turnId, usage, cost: costOf(usage, settings) });
    emit({ type: 'contextWindow', usedTokens: usage.inputTokens + usage.outputTokens, windowTokens: settings.model.contextWindow });
  }
}
