import { buildLayeredContext, type LayeredMessage } from '../context/contextBuilder';
import type { EventSink } from '../events';
import type { ToolCallEndEvent } from '../parser/parserEvents';
import type { Clock } from '../ports/clock';
import { ModelError, type ChatMessage, type ImageAttachment, type ModelClient, type TokenUsage, type ToolSpec } from '../ports/modelClient';
import type { Settings } from '../settings';
import { secretFileReason } from '../tools/secretFiles';
import type { ToolContext, ToolResult } from '../tools/toolTypes';
import { approvalFor, type Approver } from './approvalGate';
import { CallIdAllocator } from './callIdAllocator';
import { withIgnoredParamsNote } from './ignoredParamsNote';
import { readModelStep, StepInterrupted } from './modelStepReader';
import { OutputProgress } from './outputProgress';
import { resultDetail, summarizeResult } from './toolResultView';
import { assistantStepMessage, toolResultMessage, type WireProtocol } from './turnMessages';
import { errorMessage, userErrorMessage } from '../errorMessage';
import { english, type Translator } from '../ports/translator';
import type { TurnEnd, TurnRecord } from '../contracts/turnRecord';
import type { ToolHooks } from '../hooks/toolHooks';
import type { QueuedMessage } from '../queue/messageQueue';
import { refusesTools } from '../model/toolProtocol';
import { asXmlMessages } from './xmlWireMessages';

/** What the turn needs of the tool registry. */
export interface TurnTools {
  grammar(): Readonly<Record<string, readonly string[]>>;
  isReadOnly(name: string): boolean;
  specs(): ToolSpec[];
  invoke(name: string, params: Record<string, string>, ctx: ToolContext): Promise<ToolResult>;
  compress(name: string, params: Record<string, string>, result: ToolResult): string;
}

export interface TurnDeps {
  model: ModelClient;
  clock: Clock;
  settings: Settings;
  tools: TurnTools;
  approver: Approver;
  /** The ToolContext minus what the turn supplies per call (signal, approve). */
  toolContext: Omit<ToolContext, 'signal' | 'approve'>;
  systemPrompt: string;
  /**
   * Given when the protocol is `auto` and the turn speaks native (spec §3): an endpoint that refuses tools is asked
   * the same request once more in xml, with this system prompt, and `remember` keeps xml for its endpoint and model.
   */
  xmlFallback?: { systemPrompt: string; remember(): void };
  /** L2 for the paths this turn has touched so far (glob rules apply once a matching file is touched). */
  rules: (touchedPaths: readonly string[]) => Promise<string>;
  /** Paths the user's message mentioned: touched from the start. */
  mentionedPaths?: readonly string[];
  history: readonly ChatMessage[];
  /** Images attached to the user's message (spec §16), sent with it. */
  userImages?: readonly ImageAttachment[];
  todoRecap: () => string;
  emit: EventSink;
  onUsage: (usage: TokenUsage) => void;
  /** Every request exactly as sent, with its layers, for "show the context of the last request". */
  onRequest?: (layered: LayeredMessage[]) => void;
  /** Each history record as soon as it exists, so a reload mid-turn loses nothing already done. */
  onRecord?: (record: TurnRecord) => void;
  /**
   * True for a call that may run at the same time as its safe neighbours in the same model step (a Task whose
   * child has only read-only tools, spec §7). Results are still emitted and recorded in call order.
   */
  isConcurrentSafe?: (call: { name: string; params: Record<string, string> }) => boolean;
  /** PreToolUse / PostToolUse hooks (spec §17); none when absent. */
  hooks?: ToolHooks;
  /** Asked before each model request after the first: news for the model (spec §15: the changes the user undid), '' for none. */
  reminder?: () => string;
  /**
   * The messages the user sent while the turn runs (spec §16), taken before each model request: they follow the
   * tool results already in the scratchpad, so history and the cached prefix only grow at their end.
   */
  takeQueued?: () => readonly QueuedMessage[];
  /** Words the notices and errors for the user (spec §20); English when absent. */
  l10n?: Translator;
}

export interface TurnOutcome {
  end: TurnEnd;
  /** The compressed records of this turn, in order, to append to history after the user message. */
  records: TurnRecord[];
  /** The English of the error that ended the turn (`end: 'error'`): what a parent agent's model is told. */
  error?: string;
}

/**
 * The ReAct loop of spec §2: the model sees full observations in the scratchpad while the turn runs;
 * history receives only compressed records. Every tool call in a record is answered, even on cancel or error.
 */
export async function runAgentTurn(turnId: string, userInput: string, deps: TurnDeps, signal: AbortSignal): Promise<TurnOutcome> {
  const { settings, emit } = deps;
  const l10n = deps.l10n ?? english;
  // `auto` reaches a turn already resolved (model/toolProtocol): native unless the endpoint refused tools before.
  let protocol: WireProtocol = settings.model.toolProtocol === 'xml' ? 'xml' : 'native';
  let systemPrompt = deps.systemPrompt;
  const scratchpad: ChatMessage[] = [];
  const records: TurnRecord[] = [];
  const record = (r: TurnRecord) => { records.push(r); deps.onRecord?.(r); };
  const touched = new Set(deps.mentionedPaths ?? []);
  const callIds = new CallIdAllocator(deps.history.flatMap((m) => [...(m.toolCalls ?? []).map((c) => c.id), ...(m.toolCallId ? [m.toolCallId] : [])]));

  for (let iteration = 1; iteration <= settings.agent.maxIterations; iteration++) {
    for (const queued of deps.takeQueued?.() ?? []) {
      const message: ChatMessage = queued.images?.length ? { role: 'user', content: queued.text, images: queued.images } : { role: 'user', content: queued.text };
      scratchpad.push(message);
      record({ kind: 'user', message });
      emit({ type: 'queuedMessageDelivered', turnId, id: queued.id, text: queued.text });
    }
    let step;
    const reminder = iteration > 1 ? deps.reminder?.() : '';
    if (reminder) addReminder(scratchpad, reminder);
    const layered = buildLayeredContext({ system: systemPrompt, rules: await deps.rules([...touched]), history: deps.history, userInput, userImages: deps.userImages, scratchpad, todoRecap: deps.todoRecap() });
    deps.onRequest?.(layered);
    try {
      step = await readModelStep(deps.model, {
        model: settings.model.name,
        maxOutputTokens: settings.model.maxOutputTokens,
        messages: protocol === 'xml' ? asXmlMessages(layered.map((l) => l.message)) : layered.map((l) => l.message),
        tools: protocol === 'native' ? deps.tools.specs() : undefined,
        reasoningEffort: settings.model.reasoningEffort,
        cacheKey: deps.toolContext.conversationId,
      }, {
        protocol, toolGrammar: deps.tools.grammar(), turnId, stepId: `${turnId}-s${iteration}`, emit, onUsage: deps.onUsage, callIds,
        maxRetries: settings.model.maxRetries, continueMaxRounds: settings.model.continueMaxRounds, clock: deps.clock, signal,
        onRetry: ({ error: failure, ...info }) => emit({ type: 'retry', turnId, ...info, reason: failure.userText(l10n) }),
      });
    } catch (error) {
      const cause = error instanceof StepInterrupted ? error.cause : error;
      if (protocol === 'native' && deps.xmlFallback && refusesTools(cause) && !(error instanceof StepInterrupted && error.partialText)) {
        protocol = 'xml';
        systemPrompt = deps.xmlFallback.systemPrompt;
        deps.xmlFallback.remember();
        emit({ type: 'notice', turnId, text: l10n.t('{0} does not take tools through this endpoint ({1}). CodeAgent now writes tool calls as XML for this model and endpoint; set codeagent.model.toolProtocol to change it.', settings.model.name, userErrorMessage(cause, l10n)) });
        iteration--;
        continue;
      }
      const cancelled = signal.aborted || (cause instanceof ModelError && cause.kind === 'cancelled');
      if (!cancelled) emit({ type: 'error', turnId, message: userErrorMessage(cause, l10n), code: cause instanceof ModelError ? cause.kind : undefined });
      // What the user already saw streaming stays in history, marked as cut short.
      const partial = error instanceof StepInterrupted ? error.partialText : '';
      if (partial) record({ kind: 'assistant', message: { role: 'assistant', content: `${partial}\n\n[${cancelled ? 'stopped by the user' : 'interrupted by an error'}]` } });
      return cancelled ? { end: 'cancelled', records } : { end: 'error', records, error: errorMessage(cause) };
    }

    const calls = step.toolCalls;
    scratchpad.push(assistantStepMessage(protocol, step.text, calls, false, step.echo));
    record({ kind: 'assistant', message: assistantStepMessage(protocol, step.text, calls, true, step.echo), usage: step.usage });
    if (calls.length === 0) return { end: 'answered', records };

    let completed = false;
    let earlierCallFailed = false;
    let stopReason: string | undefined;
    const concurrent = (call: ToolCallEndEvent | undefined) => !!call?.name && call.complete && deps.isConcurrentSafe?.(call) === true;
    const started = new Map<ToolCallEndEvent, Promise<ToolResult>>();
    for (const [index, call] of calls.entries()) {
      if (!call.name) continue;
      if (call.params.path) touched.add(call.params.path.replace(/^\.\//, ''));
      if (!stopReason && !started.has(call) && concurrent(call)) {
        // A run of safe calls starts together; a call already started keeps its real result even if a neighbour is rejected.
        for (let next = index; next < calls.length && concurrent(calls[next]); next++) started.set(calls[next]!, executeCall(turnId, calls[next]!, deps, signal, protocol));
      }
      const ran = started.has(call) || !stopReason;
      const result = started.has(call)
        ? await started.get(call)!
        : stopReason ? skipped(stopReason)
          : call.name === 'AttemptCompletion' && earlierCallFailed ? completionRefused()
            : await executeCall(turnId, call, deps, signal, protocol);
      if (result.status === 'error') earlierCallFailed = true;
      const status = signal.aborted && ran && result.status === 'error' ? 'cancelled' : result.status;
      emit({ type: 'toolResult', turnId, callId: call.callId, name: call.name, status: uiStatus(result, status), summary: summarizeResult(result, deps.l10n), detail: resultDetail(call.name, result) });
      scratchpad.push(toolResultMessage(protocol, call, status, result.text, result.images));
      record({ kind: 'toolResult', toolName: call.name, message: toolResultMessage(protocol, call, status, deps.tools.compress(call.name, call.params, result), result.images) });
      if (call.name === 'AttemptCompletion' && result.status === 'success') {
        completed = true;
        emit({ type: 'completion', turnId, result: call.params.result ?? '' });
      }
      if (signal.aborted) stopReason ??= 'The user stopped the turn before this tool ran.';
      else if (result.error?.code === 'rejected') stopReason ??= 'Skipped: the user rejected a previous tool call in this message.';
    }
    if (signal.aborted) return { end: 'cancelled', records };
    if (completed) return { end: 'completed', records };
  }
  emit({ type: 'error', turnId, message: l10n.t('Stopped after {0} model calls (codeagent.agent.maxIterations). Continue, or send a message, to let the agent go on.', settings.agent.maxIterations), code: 'maxIterations' });
  return { end: 'maxIterations', records };
}

/**
 * News for the model between steps. In native mode it joins the last tool result instead of a user message:
 * Mistral refuses a user message right after a tool message, and DeepSeek starts a new turn at one (dropping
 * the reasoning of this one). In xml mode results are user messages already.
 */
function addReminder(scratchpad: ChatMessage[], reminder: string): void {
  const last = scratchpad.at(-1);
  if (last?.role === 'tool') scratchpad[scratchpad.length - 1] = { ...last, content: `${last.content}\n\n${reminder}` };
  else scratchpad.push({ role: 'user', content: reminder });
}

async function executeCall(turnId: string, call: ToolCallEndEvent, deps: TurnDeps, signal: AbortSignal, protocol: WireProtocol): Promise<ToolResult> {
  deps.emit({ type: 'toolCall', turnId, callId: call.callId, name: call.name, params: call.params, partial: false });
  if (!call.complete) {
    return protocol === 'xml'
      ? errorResult('incomplete_tool_call', `The ${call.name} call was cut off before its closing tag </${call.name}>. Send the complete call again.`)
      : errorResult('invalid_params', `The arguments of ${call.name} are not a valid JSON object: ${call.raw.slice(0, 200)}. Send the call again with valid JSON arguments.`);
  }
  if (signal.aborted) return errorResult('cancelled', 'The user stopped the turn before this tool ran.');
  const hook = await deps.hooks?.beforeTool(call, signal);
  if (hook?.blocked) return errorResult('blocked_by_hook', `A PreToolUse hook blocked this ${call.name}: ${hook.blocked}`);
  // `ask` only ever makes approval stricter; nothing a hook says skips it (docs/security.md).
  const settings = hook?.ask ? askEveryTime(deps.settings) : deps.settings;
  const approve = approvalFor({ approver: deps.approver, settings, turnId, callId: call.callId, emit: deps.emit, signal, l10n: deps.l10n });
  // A Read of a secret-looking file asks in the tool itself (by its real name too); one question is enough.
  if (deps.tools.isReadOnly(call.name) && !(call.name === 'Read' && secretFileReason(call.params.path ?? ''))) {
    const summary = Object.entries(call.params).map(([k, v]) => `${k}: ${v}`).join('\n');
    const decision = await approve({ kind: 'read', tool: call.name, summary });
    if (decision.decision === 'rejected') return errorResult('rejected', `The user rejected this ${call.name}.${decision.feedback ? ` Feedback: ${decision.feedback}` : ''}`);
  }
  const output = new OutputProgress(deps.clock, (tail) => deps.emit({ type: 'toolOutput', turnId, callId: call.callId, tail }));
  try {
    const result = await deps.tools.invoke(call.name, call.params, { ...deps.toolContext, signal, approve, callId: call.callId, onOutput: (chunk) => output.push(chunk) });
    const after = deps.hooks && !signal.aborted ? await deps.hooks.afterTool(call, result, signal) : undefined;
    return withIgnoredParamsNote(call, after?.feedback ? { ...result, text: `${result.text}\n\nPostToolUse hook: ${after.feedback}` } : result);
  } catch (error) {
    return errorResult('tool_failed', `${call.name} failed: ${errorMessage(error)}`);
  } finally {
    output.close();
  }
}

function askEveryTime(settings: Settings): Settings {
  return { ...settings, approval: { ...settings.approval, autoApproveReadOnly: false, autoApproveEdits: false, editReview: 'before', autoApproveCommands: false, commandAllowList: [], autoApproveMcpTools: [] } };
}

/** A completion sent beside a call that failed was written before its result was seen: the task is not done. */
function completionRefused(): ToolResult {
  return errorResult('earlier_call_failed', 'Not completed: a call before AttemptCompletion in this message failed. Check the results above first, fix what failed, then send AttemptCompletion alone.');
}

function skipped(reason: string): ToolResult {
  return errorResult(reason.startsWith('Skipped') ? 'skipped' : 'cancelled', reason);
}

function errorResult(code: string, message: string): ToolResult {
  return { status: 'error', data: null, error: { code, message }, text: `Error (${code}): ${message}` };
}

function uiStatus(result: ToolResult, status: string): 'success' | 'error' | 'rejected' | 'cancelled' {
  if (status === 'cancelled' || result.error?.code === 'cancelled') return 'cancelled';
  if (result.error?.code === 'rejected') return 'rejected';
  return result.status;
}
