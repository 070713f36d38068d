import { runAgentTurn } from '../agent/agentTurn';
import type { ToolHooks } from '../hooks/toolHooks';
import type { TurnEnd, TurnRecord } from '../contracts/turnRecord';
import type { Approver } from '../agent/approvalGate';
import { costOf } from '../agent/cost';
import { turnToolsFrom } from '../agent/registryTurnTools';
import type { AgentEvent, EventSink } from '../events';
import type { Clock } from '../ports/clock';
import type { ModelClient, TokenUsage } from '../ports/modelClient';
import type { Translator } from '../ports/translator';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import { formatTodoList } from '../tools/todoStore';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { ToolContext } from '../tools/toolTypes';
import { childInitialMessage } from './childInitialMessage';
import type { SubagentOutcome, SubagentRequest } from '../contracts/subagentRequest';
import { errorMessage } from '../errorMessage';

/** The child's ports: the parent's fs/commands/search/askUser, a fresh ReadLedger and its own todo store. */
export type SubagentToolContext = Omit<ToolContext, 'signal' | 'approve' | 'callId' | 'plan' | 'runSubagent' | 'onFileChanged'>;

export interface SubagentDeps {
  model: ModelClient;
  clock: Clock;
  settings: Settings;
  /** The child's tools, already filtered (childToolRegistry). */
  tools: ToolRegistry;
  approver: Approver;
  toolContext: SubagentToolContext;
  /** The child's L1, built by the caller from its tools (a named agent's body replaces the base role text). */
  systemPrompt: string;
  /** A named agent's `model`. */
  modelName?: string;
  /** L2 for the paths the child touched; none when absent. */
  rules?: (touchedPaths: readonly string[]) => Promise<string>;
  /** The parent's PreToolUse / PostToolUse hooks: they guard a child's calls as much as the parent's. */
  hooks?: ToolHooks;
  /** Written when the request carries no context summary (defaultContextSummary of the parent's history). */
  fallbackContextSummary?: () => string;
  /** The PARENT's sink: the child's events arrive wrapped in `subagent` events. */
  emit: EventSink;
  /** Each usage report of the child's model calls, so they count in the conversation's totals. */
  onUsage: (usage: TokenUsage) => void;
  onFileChanged?: (change: FileChange) => void;
  newId: () => string;
  /** Words the child's notices and errors for the user, like its parent's (spec §20). */
  l10n?: Translator;
}

/** Runs one child agent to its end (spec §7): a turn of its own with an empty history; never throws. */
export async function runSubagent(request: SubagentRequest, deps: SubagentDeps, signal: AbortSignal): Promise<SubagentOutcome> {
  const { parentCallId, agent } = request;
  const settings: Settings = deps.modelName ? { ...deps.settings, model: { ...deps.settings.model, name: deps.modelName } } : deps.settings;
  const usage = { inputTokens: 0, outputTokens: 0, cost: 0 };
  const files = new Set<string>();
  const records: TurnRecord[] = [];
  let steps = 0;
  let completion: string | undefined;
  let lastStepText = '';
  let lastError: string | undefined;

  const report = (status: SubagentOutcome['status'] | 'running') => deps.emit({ type: 'subagentStatus', parentCallId, agent, status, steps, usage: { ...usage } });
  const emit: EventSink = (event: AgentEvent) => {
    if (event.type === 'completion') completion = event.result;
    else if (event.type === 'text') lastStepText += event.delta;
    deps.emit({ type: 'subagent', parentCallId, agent, event });
  };

  const contextSummary = request.contextSummary?.trim() || deps.fallbackContextSummary?.() || undefined;
  const input = childInitialMessage({ goal: request.goal, contextSummary, resources: request.resources, hints: request.hints });
  const todos = deps.toolContext.todos;
  report('running');
  let end: TurnEnd;
  try {
    const outcome = await runAgentTurn(deps.newId(), input, {
      model: deps.model,
      clock: deps.clock,
      settings,
      tools: turnToolsFrom(deps.tools),
      approver: deps.approver,
      // Spelled out so nothing of the parent's plan or delegation leaks in, whatever the caller spread into toolContext.
      toolContext: {
        ...deps.toolContext,
        plan: undefined,
        runSubagent: undefined,
        onFileChanged: (change) => { files.add(change.path); deps.onFileChanged?.(change); },
      },
      systemPrompt: deps.systemPrompt,
      rules: deps.rules ?? (async () => ''),
      hooks: deps.hooks,
      mentionedPaths: request.resources,
      history: [],
      todoRecap: () => (todos.get().length ? formatTodoList(todos.get()) : ''),
      emit,
      onUsage: (u) => {
        usage.inputTokens += u.inputTokens;
        usage.outputTokens += u.outputTokens;
        usage.cost += costOf(u, settings);
        deps.onUsage(u);
        report('running');
      },
      onRequest: () => { steps++; lastStepText = ''; },
      onRecord: (r) => records.push(r),
      l10n: deps.l10n,
    }, signal);
    end = outcome.end;
    lastError = outcome.error;
  } catch (error) {
    end = 'error';
    lastError = `Internal error: ${errorMessage(error)}`;
  }
  if (signal.aborted) end = 'cancelled';

  const { status, result } = conclude(end, { completion, lastStepText, lastError, steps });
  report(status);
  return { status, result, filesChanged: [...files], steps, usage, end, records };
}

function conclude(end: TurnEnd, seen: { completion?: string; lastStepText: string; lastError?: string; steps: number }): Pick<SubagentOutcome, 'status' | 'result'> {
  switch (end) {
    case 'completed': return { status: 'completed', result: seen.completion ?? '' };
    case 'answered': return { status: 'completed', result: seen.lastStepText.trim() || '(The sub-agent ended without a result.)' };
    case 'cancelled': return { status: 'cancelled', result: 'The sub-agent was stopped before it finished.' };
    case 'maxIterations': return { status: 'failed', result: `The sub-agent hit maxIterations: it stopped after ${seen.steps} model calls without finishing.` };
    case 'error': return { status: 'failed', result: `The sub-agent stopped on an error: ${seen.lastError ?? 'unknown error'}` };
  }
}
