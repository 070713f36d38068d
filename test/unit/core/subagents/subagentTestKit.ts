import { z } from 'zod';
import { runAgentTurn, type TurnOutcome } from '../../../../src/core/agent/agentTurn';
import { turnToolsFrom } from '../../../../src/core/agent/registryTurnTools';
import { buildSystemPrompt } from '../../../../src/core/agent/systemPrompt';
import type { AgentEvent } from '../../../../src/core/events';
import { createIdGenerator } from '../../../../src/core/ids';
import type { ModelClient, TokenUsage } from '../../../../src/core/ports/modelClient';
import type { PlanBoard } from '../../../../src/core/plan/planBoard';
import type { PlanControl } from '../../../../src/core/plan/planControl';
import { Settings } from '../../../../src/core/settings';
import { childToolRegistry } from '../../../../src/core/subagents/childTools';
import { runSubagent } from '../../../../src/core/subagents/subagentRunner';
import type { SubagentOutcome, SubagentRequest } from '../../../../src/core/contracts/subagentRequest';
import { taskTool } from '../../../../src/core/subagents/taskTool';
import { defaultTools } from '../../../../src/core/tools/defaultTools';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { success } from '../../../../src/core/tools/toolResults';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { AnyToolDefinition } from '../../../../src/core/tools/toolTypes';
import { createNodeToolPorts } from '../../../../src/node/createNodeToolPorts';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import type { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { recordingClock } from '../../../support/recordingClock';
import type { TempWorkspace } from '../tools/toolTestKit';

/** Stand-ins for the plan tools another branch builds: only their names matter here (the child must not get them). */
const planStandIn = (name: string): AnyToolDefinition => ({
  name, kind: 'control', schema: z.object({ note: z.string().optional() }), doc: `## ${name}\nA plan tool.\n`, paramNames: ['note'],
  run: async () => success(null, 'ok'), compress: () => '{}',
}) as AnyToolDefinition;

export function parentRegistry(): ToolRegistry {
  return new ToolRegistry([...defaultTools, taskTool, planStandIn('PlanTask'), planStandIn('UpdateTaskStatus')]);
}

/** A PlanBoard that records what the Task tool did to it. */
export class RecordingPlan implements PlanBoard {
  readonly calls: string[] = [];
  constructor(private readonly startError?: string) {}
  start(taskId: string) { this.calls.push(`start ${taskId}`); return this.startError; }
  complete(taskId: string, result: string) { this.calls.push(`complete ${taskId}: ${result}`); }
  fail(taskId: string, error: string) { this.calls.push(`fail ${taskId}: ${error}`); }
  footer() { return 'PLAN FOOTER\nCurrent Task: next one (ID: 3)'; }
}

export interface KitOptions {
  protocol?: 'xml' | 'native';
  /** The named agent's allow/deny, as the host would supply it. */
  allowed?: (toolName: string) => boolean;
  plan?: PlanBoard;
  agent?: Record<string, unknown>;
  model?: Record<string, unknown>;
  /** The model port, when not the scripted server's Chat Completions client (a VS Code chat model's, issue 55). */
  client?: ModelClient;
  isConcurrentSafe?: (call: { name: string; params: Record<string, string> }) => boolean;
  fallbackContextSummary?: () => string;
}

/** A parent turn with the Task tool wired to runSubagent, as the host will wire it; everything over real HTTP and a real workspace. */
export function subagentKit(server: ScriptedModelServer, ws: TempWorkspace, options: KitOptions = {}) {
  const protocol = options.protocol ?? 'xml';
  const settings = Settings.parse({
    model: { baseUrl: server.baseUrl, name: 'scripted-model', toolProtocol: protocol, maxRetries: 1, inputPricePerMTok: 2, outputPricePerMTok: 10, ...options.model },
    approval: { autoApproveEdits: true },
    agent: options.agent,
  });
  const ports = createNodeToolPorts({ workspaceRoot: ws.root });
  const model = options.client ?? new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: undefined });
  const clock = recordingClock();
  const approver = { request: async () => ({ decision: 'accepted' as const }) };
  const newId = createIdGenerator(() => 0, 'id');
  const parentTools = parentRegistry();
  const childTools = childToolRegistry(parentTools, options.allowed);
  const env = { os: 'TestOS', shell: 'bash', workspaceRoot: ws.root, date: '2025-01-01' };
  const usages: TokenUsage[] = [];
  const requests: SubagentRequest[] = [];
  const outcomes: SubagentOutcome[] = [];
  const events: AgentEvent[] = [];
  const emit = (e: AgentEvent) => events.push(e);

  async function runParent(input: string, controller = new AbortController(), onEvent: (e: AgentEvent) => void = () => {}): Promise<TurnOutcome> {
    return runAgentTurn('parent', input, {
      model, clock, settings, approver,
      tools: turnToolsFrom(parentTools),
      toolContext: {
        ...ports, readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => 'yes',
        // The Task tool uses only the PlanBoard part of the plan.
        plan: options.plan as PlanControl | undefined,
        runSubagent: async (request, signal) => {
          requests.push(request);
          const outcome = await runSubagent(request, {
            model, clock, settings, approver, newId,
            tools: childTools,
            toolContext: { ...ports, readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => 'yes' },
            systemPrompt: buildSystemPrompt({ protocol, toolDocs: childTools.list().map((t) => t.doc), ...env }),
            fallbackContextSummary: options.fallbackContextSummary,
            emit: (e) => { emit(e); onEvent(e); },
            onUsage: (u) => usages.push(u),
          }, signal);
          outcomes.push(outcome);
          return outcome;
        },
      },
      systemPrompt: buildSystemPrompt({ protocol, toolDocs: parentTools.list().map((t) => t.doc), ...env }),
      rules: async () => '',
      history: [],
      todoRecap: () => '',
      emit: (e) => { emit(e); onEvent(e); },
      onUsage: () => {},
      isConcurrentSafe: options.isConcurrentSafe,
    }, controller.signal);
  }

  return { runParent, usages, requests, outcomes, events, childTools, parentTools, settings };
}

type Ev<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;
export const of = <T extends AgentEvent['type']>(events: readonly AgentEvent[], type: T) => events.filter((e) => e.type === type) as Ev<T>[];

export type WireMessage = { role: string; content: string; tool_call_id?: string };
export const messagesOf = (server: ScriptedModelServer, i: number) => server.requests[i]!.body.messages as WireMessage[];
/** Requests a child made: its first user message is the briefing. */
export const isChildRequest = (body: { messages: WireMessage[] }) => body.messages[1]?.content.startsWith('You are a sub-agent') ?? false;
