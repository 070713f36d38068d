import { z } from 'zod';
import updateTaskStatusDoc from '../../../prompts/tools/updateTaskStatus.md';
import { dataOf, historyRecord } from './historyRecord';
import { failure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';
import type { PlanControl } from '../plan/planControl';
import { planModeOnly } from './planModeOnly';
import { unknownTaskMessage, type TaskStatus } from '../plan/planTask';

const schema = z.object({
  task_id: z.union([z.string().min(1), z.number()]).describe('The id of the plan task'),
  status: z.enum(['completed', 'failed', 'pending']).describe('completed, failed, or pending to retry the task'),
  result: z.string().optional().describe('For completed: what was done; for failed: why'),
});
export type UpdateTaskStatusParams = z.infer<typeof schema>;

interface UpdateTaskStatusData {
  taskId: string;
  status: TaskStatus;
  line: string;
}

export const updateTaskStatusTool: ToolDefinition<UpdateTaskStatusParams> = {
  name: 'UpdateTaskStatus',
  kind: 'control',
  schema,
  doc: updateTaskStatusDoc,
  paramNames: ['task_id', 'status', 'result'],

  async run(params, ctx) {
    const plan = ctx.plan;
    if (!plan) return planModeOnly('UpdateTaskStatus');
    const taskId = String(params.task_id).trim();
    if (!plan.task(taskId)) return failure('unknown_task', unknownTaskMessage(taskId, plan.tasks()));
    const skippedBefore = idsWith(plan, 'skipped');
    const result = params.result?.trim() ?? '';
    if (params.status === 'completed') plan.complete(taskId, result);
    else if (params.status === 'failed') plan.fail(taskId, result === '' ? 'Marked failed.' : result);
    else plan.reset(taskId);
    const line = changeLine(plan, taskId, skippedBefore);
    const data: UpdateTaskStatusData = { taskId, status: plan.task(taskId)!.status, line };
    return success(data, `${line}\n${plan.footer()}`);
  },

  compress(_params, result) {
    if (result.status !== 'success') return historyRecord(result, undefined);
    return historyRecord(result, dataOf<UpdateTaskStatusData>(result).line);
  },
};

function idsWith(plan: PlanControl, status: TaskStatus): string[] {
  return plan
    .tasks()
    .filter((t) => t.status === status)
    .map((t) => t.id);
}

/** One line: the task's new status and what that did to its dependents. */
function changeLine(plan: PlanControl, taskId: string, skippedBefore: readonly string[]): string {
  const task = plan.task(taskId)!;
  const skippedNow = idsWith(plan, 'skipped');
  if (task.status === 'skipped') {
    const blockers = task.dependencies.filter((id) => skippedNow.includes(id) || plan.task(id)?.status === 'failed');
    return `Task ${taskId} stays skipped: it depends on ${blockers.join(', ')}, which failed or was skipped. Retry the failed task first.`;
  }
  const newlySkipped = skippedNow.filter((id) => !skippedBefore.includes(id));
  const unskipped = skippedBefore.filter((id) => !skippedNow.includes(id));
  const parts = [task.status === 'pending' ? `Task ${taskId} is pending again.` : `Task ${taskId} marked ${task.status}.`];
  if (newlySkipped.length > 0) parts.push(`Skipped the tasks that depend on it: ${newlySkipped.join(', ')}.`);
  if (unskipped.length > 0) parts.push(`No longer skipped: ${unskipped.join(', ')}.`);
  return parts.join(' ');
}
