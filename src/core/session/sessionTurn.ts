import { wireProtocolOf } from '../model/toolProtocol';
import type { LayeredMessage } from '../context/contextBuilder';
import type { TurnInProgress } from '../conversation/conversation';
import type { EventSink } from '../events';
import type { HistoryMessage } from '../history/historyMessage';
import { toChatMessage } from '../history/historyMessage';
import { preprocessUserInput } from '../mentions/inputPreprocessor';
import type { ImageAttachment, TokenUsage } from '../ports/modelClient';
import { projectRulesText } from '../rules/projectRules';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import type { ReadLedger } from '../tools/readLedger';
import { formatTodoList, type InMemoryTodoStore } from '../tools/todoStore';
import type { AgentHistories } from '../agents/agentHistories';
import { sharedHistoryView } from '../agents/sharedHistoryView';
import type { MessageRoute } from '../orchestration/messageRoute';
import { concurrentSafeTask, subagentLauncher } from '../orchestration/subagentLauncher';
import { turnProfile } from '../orchestration/turnProfile';
import { withMemoryTool } from '../orchestration/toolSets';
import { withSkillScope } from '../orchestration/skillScope';
import { skillListing } from '../skills/skillListing';
import type { TaskManager } from '../plan/taskManager';
import type { ConversationReview } from '../review/conversationReview';
import { defaultContextSummary } from '../subagents/defaultContextSummary';
import type { TurnEnd } from '../contracts/turnRecord';
import type { AgentSessionDeps } from './agentSessionDeps';
import { runAgentTurn } from '../agent/agentTurn';
import type { PendingQuestion } from '../agent/pendingDecisions';
import { buildSystemPrompt } from '../agent/systemPrompt';
import { historyMessageOf } from '../agent/turnRecordMessage';
import { turnStartedEvent } from './turnStartedEvent';
import { imagesAsPlaceholders } from '../images/imageText';
import { runPromptHooks, runStopHooks } from './promptHooks';
import { toolHooks } from '../hooks/toolHooks';
import type { UsageLedger } from './usageLedger';
import type { MessageQueue } from '../queue/messageQueue';
import { english } from '../ports/translator';

export interface TurnStart {
  turnId: string;
  userText: string;
  startedAt: number;
  retryOf: string | undefined;
  /** Attached to the message (spec §16), already checked (images/attachedImages). */
  images?: readonly ImageAttachment[];
}

/** The conversation's state a turn works on: the session owns it, the turn borrows it for its duration. */
export interface SessionState {
  readonly deps: AgentSessionDeps;
  /** The conversation's id: hooks get it as `session_id`. */
  readonly sessionId: string;
  readonly readLedger: ReadLedger;
  readonly todos: InMemoryTodoStore;
  readonly question: PendingQuestion;
  readonly plan: TaskManager;
  readonly review: ConversationReview;
  readonly usage: UsageLedger;
  readonly agentHistories: AgentHistories;
  readonly queue: MessageQueue;
  mainHistory(): readonly HistoryMessage[];
  /** A conversation takes its title from its first message. */
  nameIfUntitled(userText: string): void;
  /** Appends to main history, or to an isolated agent's own when `agent` is given. */
  store(message: HistoryMessage, agent: string | undefined): void;
  /** The turn's user message is about to be stored: a reload from now on must close the turn. */
  began(turn: TurnInProgress): void;
  requested(request: { layered: LayeredMessage[]; at: number; model: string }): void;
  /** True when history was compacted. */
  compactIfNeeded(turnId: string, input: string, settings: Settings, emit: EventSink, signal: AbortSignal): Promise<boolean>;
}

/**
 * One routed turn of a session (spec §2, §7, §8): the user's input preprocessed, history compacted and chosen
 * (main, shared or an isolated agent's own), the tool context, sub-agent launcher and review recorder assembled,
 * then the ReAct loop run.
 */
export async function runSessionTurn(turn: TurnStart, route: Extract<MessageRoute, { kind: 'turn' }>, settings: Settings, emit: EventSink, controller: AbortController, state: SessionState): Promise<TurnEnd> {
  const { deps } = state;
  const l10n = deps.l10n ?? english;
  const { turnId, userText, startedAt } = turn;
  const memory = settings.memory.enabled ? deps.memory : undefined;
  const tools = withMemoryTool(typeof deps.tools === 'function' ? deps.tools() : deps.tools, memory?.tool);
  const profile = turnProfile(tools, route, deps.agents?.agents);
  let input;
  try {
    input = await preprocessUserInput(route.text, deps.fs, controller.signal, deps.inputReminder?.(state.sessionId), l10n);
    if (route.attached) input = { ...input, modelText: `${input.modelText}\n\n${route.attached}` };
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    // Nothing reached the model or history; the message stays visible so the user can send it again.
    emit({ type: 'turnStarted', turnId, userText, agent: profile.agentName, retryOf: turn.retryOf });
    emit({ type: 'error', turnId, message: l10n.t('Stopped while preparing the message (mentions and @file: context); nothing was sent to the model.'), code: 'cancelled' });
    throw error;
  }
  emit(turnStartedEvent(turn, route, input, profile));
  const prompted = await runPromptHooks(deps.hooks, state.sessionId, route.text, state.mainHistory().length === 0, controller.signal);
  if (prompted.blocked) {
    // Nothing is stored: the refused prompt never reaches history or the model.
    emit({ type: 'error', turnId, message: l10n.t('A UserPromptSubmit hook refused this message: {0}', prompted.blocked), code: 'hook_blocked' });
    return 'error';
  }
  input = { ...input, modelText: input.modelText + prompted.context };
  state.nameIfUntitled(userText);
  const isolated = profile.historyOwner === 'main' ? undefined : profile.historyOwner.agent;
  // Spec §21: the memory block is read again only after a compaction, so a conversation's L2 stays byte-identical.
  if (!isolated && (await state.compactIfNeeded(turnId, input.modelText, settings, emit, controller.signal))) memory?.notes.refresh();
  // The turn sees history as it was; the user message is stored now so a reload mid-turn keeps it.
  const ownHistory = isolated ? state.agentHistories.get(isolated) : state.mainHistory();
  const visible = route.agent?.mode === 'shared' ? sharedHistoryView(ownHistory, settings.agents.sharedContextMaxMessages) : ownHistory;
  const historyForTurn = settings.model.supportsImages ? visible.map(toChatMessage) : imagesAsPlaceholders(visible.map(toChatMessage));
  const store = (message: HistoryMessage) => state.store(message, isolated);
  state.began({ turnId, startedAt, userText, isolatedAgent: isolated });
  const userMessageId = deps.newId();
  const review = state.review.beginTurn(turnId, userMessageId, { todos: [...state.todos.get()], plan: state.plan.tasks().length ? state.plan.snapshot() : undefined });
  const onFileChanged = (change: FileChange) => {
    review.onFileChanged(change);
    deps.onFileChanged?.(change);
  };
  const images = turn.images?.length ? [...turn.images] : undefined;
  store({ id: userMessageId, createdAt: startedAt, kind: 'user', role: 'user', content: input.modelText, turnId, ...(images ? { images } : {}) });
  const environment = deps.environment();
  const date = new Date(deps.clock.now()).toISOString().slice(0, 10);
  const namedModel = profile.modelName ? { ...settings.model, name: profile.modelName } : settings.model;
  // `auto` resolved once per turn: native, unless this endpoint and model refused tools before (spec §3).
  const protocol = wireProtocolOf(namedModel, deps.toolProtocols);
  const turnSettings = { ...settings, model: { ...namedModel, toolProtocol: protocol } };
  // Read again at each message: a skill added or edited counts at once, whatever the file watchers saw.
  const skills = skillListing(deps.skills ? (await deps.skills.reload()).skills : []);
  const notes = memory ? await memory.notes.text() : '';
  const rules = async (touchedPaths: readonly string[]) => [skills, notes, await projectRulesText(deps.fs, touchedPaths, deps.onProblem, settings.context.instructionFiles)].filter(Boolean).join('\n\n');
  const askUser = () => state.question.ask(controller.signal);
  const hooks = deps.hooks ? toolHooks(deps.hooks, state.sessionId, deps.fs.root) : undefined;
  const systemPromptInput = { toolDocs: profile.toolDocs, ...environment, date, role: profile.role, modeSection: profile.modeSection };
  const outcome = await runAgentTurn(turnId, input.modelText, {
    model: deps.model(),
    clock: deps.clock,
    settings: turnSettings,
    tools: withSkillScope(profile.tools),
    approver: deps.approver,
    toolContext: {
      conversationId: state.sessionId,
      fs: deps.fs,
      commands: deps.commands,
      search: deps.search,
      readLedger: state.readLedger,
      todos: state.todos,
      supportsImages: settings.model.supportsImages,
      askUser,
      onFileChanged,
      plan: route.planMode ? state.plan : undefined,
      runSubagent: subagentLauncher({
        model: deps.model, clock: deps.clock, settings: { ...settings, model: { ...settings.model, toolProtocol: protocol } }, tools, approver: deps.approver,
        ports: { fs: deps.fs, commands: deps.commands, search: deps.search, askUser, conversationId: state.sessionId },
        catalog: deps.agents, environment, date, rules, hooks,
        fallbackContextSummary: () => defaultContextSummary([...state.mainHistory()]),
        emit, onUsage: (usage: TokenUsage) => state.usage.record(turnId, usage, settings, emit, false), onFileChanged, newId: deps.newId, l10n,
      }),
    },
    systemPrompt: buildSystemPrompt({ protocol, ...systemPromptInput }),
    xmlFallback: namedModel.toolProtocol === 'auto' && protocol === 'native'
      ? { systemPrompt: buildSystemPrompt({ protocol: 'xml', ...systemPromptInput }), remember: () => deps.toolProtocols?.rememberRefusal(namedModel.baseUrl, namedModel.name) }
      : undefined,
    rules,
    mentionedPaths: input.mentions.map((m) => m.path),
    history: historyForTurn,
    userImages: images,
    todoRecap: () => (state.todos.get().length ? formatTodoList(state.todos.get()) : ''),
    emit,
    onUsage: (usage) => state.usage.record(turnId, usage, settings, emit),
    onRequest: (layered) => state.requested({ layered, at: deps.clock.now(), model: turnSettings.model.name }),
    onRecord: (record) => store(historyMessageOf(record, { id: deps.newId(), createdAt: deps.clock.now(), turnId }, settings)),
    isConcurrentSafe: concurrentSafeTask(tools, deps.agents),
    hooks,
    reminder: deps.requestReminder,
    takeQueued: () => state.queue.takeAll(),
    l10n,
  }, controller.signal).finally(() => {
    const changes = review.finish();
    if (changes) emit({ type: 'changes', turnId, changes: changes.changes.map(({ path, kind, added, removed }) => ({ path, kind, added, removed })) });
  });
  if (outcome.end === 'answered' || outcome.end === 'completed') await runStopHooks(deps.hooks, state.sessionId, turnId, emit, l10n);
  return outcome.end;
}
