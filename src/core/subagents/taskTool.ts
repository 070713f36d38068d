import { z } from 'zod';
import type { PlanBoard } from '../plan/planBoard';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { failure, success } from '../tools/toolResults';
import type { ToolDefinition, ToolResult } from '../tools/toolTypes';
import type { SubagentOutcome } from '../contracts/subagentRequest';
import { taskDoc, type ListedAgent } from './taskDoc';
import { errorMessage } from '../errorMessage';

/** The child's result kept in history; the full text reached the model within the turn. */
const historyResultChars = 2000;

const schema = z.object({
  goal: z.string().trim().min(1).describe('What the sub-agent must achieve, self-contained'),
  resources: z.array(z.string()).optional().describe('Workspace paths the sub-agent reads first'),
  hints: z.string().optional().describe('Implementation advice, constraints, what is already known'),
  context_summary: z.string().optional().describe('A short summary of the relevant part of this conversation'),
  agent: z.string().trim().min(1).optional().describe('A named agent to run the subtask as'),
  task_id: z.string().trim().min(1).optional().describe('The plan task this subtask carries out'),
});
export type TaskParams = z.infer<typeof schema>;

export interface TaskToolOptions {
  /** The loaded named agents, listed in the doc; undefined when not known (then `agent` is kept, unlisted). */
  agents?: readonly ListedAgent[];
  /** `task_id` belongs to a plan: offered only in plan mode. */
  planMode: boolean;
}

/** The Task tool as one turn offers it: its doc, schema and parameters agree (no `agent` without agents, no `task_id` without a plan). */
export function taskToolFor(options: TaskToolOptions): ToolDefinition<TaskParams> {
  const withAgent = options.agents === undefined || options.agents.length > 0;
  const dropped = { ...(withAgent ? {} : { agent: true as const }), ...(options.planMode ? {} : { task_id: true as const }) };
  return {
    ...taskTool,
    schema: schema.omit(dropped) as z.ZodType<TaskParams>,
    doc: taskDoc(options.agents, options.planMode),
    paramNames: taskTool.paramNames.filter((name) => !(name in dropped)),
  };
}

/** Spec §7 / seed 000 §2.2: runs a child agent through ctx.runSubagent and reports its outcome as a tool result. */
export const taskTool: ToolDefinition<TaskParams> = {
  name: 'Task',
  kind: 'control',
  schema,
  doc: taskDoc(undefined, true),
  paramNames: ['goal', 'resources', 'hints', 'context_summary', 'agent', 'task_id'],

  async run(params, ctx) {
    if (!ctx.runSubagent) return failure('unavailable', 'Task is not available inside a sub-agent: do the work yourself with your own tools.');
    const plan = params.task_id ? ctx.plan : undefined;
    const taskId = params.task_id;
    if (plan && taskId) {
      const problem = plan.start(taskId);
      if (problem) return withFooter(failure('plan_task', problem), plan);
    }
    let outcome: SubagentOutcome;
    try {
      outcome = await ctx.runSubagent({
        parentCallId: ctx.callId ?? 'task',
        goal: params.goal,
        resources: normaliseResources(params.resources ?? []),
        hints: params.hints?.trim() || undefined,
        contextSummary: params.context_summary?.trim() || undefined,
        agent: params.agent,
        taskId,
      }, ctx.signal);
    } catch (error) {
      // The plan task must not stay in_progress because the host failed to start the child.
      const message = errorMessage(error);
      outcome = { status: ctx.signal.aborted ? 'cancelled' : 'failed', result: message, filesChanged: [], steps: 0, usage: { inputTokens: 0, outputTokens: 0, cost: 0 } };
    }
    if (plan && taskId) {
      if (outcome.status === 'completed') plan.complete(taskId, outcome.result);
      else plan.fail(taskId, outcome.result);
    }
    return withFooter(resultOf(outcome), plan);
  },

  compress(_params, result) {
    const data = dataOf<SubagentOutcome>(result);
    const kept: Record<string, unknown> = { status: data.status, filesChanged: data.filesChanged ?? [] };
    // An error record already carries the child's error in full.
    if (result.status === 'success') kept.result = shorten(data.result ?? '', historyResultChars);
    return historyRecord(result, kept);
  },
};

/** Paths as the workspace tools expect them: trimmed, without `./` or a mention's `@`, each once. */
export function normaliseResources(resources: readonly string[]): string[] {
  const paths = resources
    .flatMap((r) => r.split(/\r?\n/))
    .map((r) => r.trim().replace(/^[-*]\s+/, '').replace(/^@/, '').replace(/^(\.\/)+/, '').replace(/^`(.*)`$/, '$1'))
    .filter((r) => r !== '' && r !== '.');
  return [...new Set(paths)];
}

function resultOf(outcome: SubagentOutcome): ToolResult {
  const data: SubagentOutcome = { status: outcome.status, result: outcome.result, filesChanged: outcome.filesChanged, steps: outcome.steps, usage: outcome.usage };
  const stats = statsLine(outcome);
  const files = `Files changed: ${outcome.filesChanged.length ? outcome.filesChanged.join(', ') : 'none'}`;
  if (outcome.status === 'completed') return success(data, `Sub-agent completed ${stats}.\n\nResult:\n${outcome.result}\n\n${files}`);
  const code = outcome.status === 'cancelled' ? 'cancelled' : 'subagent_failed';
  const failed = failure(code, `${outcome.status === 'cancelled' ? 'The sub-agent was cancelled' : 'The sub-agent failed'}: ${outcome.result}`, data);
  return { ...failed, text: `${failed.text}\n\nSub-agent ${outcome.status} ${stats}.\n${files}` };
}

function statsLine(outcome: SubagentOutcome): string {
  const { inputTokens, outputTokens, cost } = outcome.usage;
  const costText = cost > 0 ? `, $${cost.toFixed(4)}` : '';
  return `(${outcome.steps} step${outcome.steps === 1 ? '' : 's'}, ${inputTokens} input + ${outputTokens} output tokens${costText})`;
}

function withFooter(result: ToolResult, plan: PlanBoard | undefined): ToolResult {
  return plan ? { ...result, text: `${result.text}\n\n${plan.footer()}` } : result;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
