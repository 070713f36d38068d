import { z } from 'zod';
import planTaskDoc from '../../../prompts/tools/planTask.md';
import { dataOf, historyRecord } from './historyRecord';
import { failure, success } from './toolResults';
import type { ToolDefinition } from './toolTypes';
import { planModeOnly } from './planModeOnly';
import { parsePlanTasks } from '../plan/planTaskParsing';

const schema = z.object({
  // Text from xml (JSON or <task> elements) or an array from native calls; parsePlanTasks explains what is wrong.
  tasks: z
    .union([z.string(), z.array(z.unknown())])
    .describe('The tasks: a JSON array of {id, description, dependencies} (dependencies: ids of tasks that must complete first), or <task> elements'),
});
export type PlanTaskParams = z.infer<typeof schema>;

interface PlanTaskData {
  taskCount: number;
  summary: string;
}

export const planTaskTool: ToolDefinition<PlanTaskParams> = {
  name: 'PlanTask',
  kind: 'control',
  schema,
  doc: planTaskDoc,
  paramNames: ['tasks'],

  async run(params, ctx) {
    if (!ctx.plan) return planModeOnly('PlanTask');
    const parsed = parsePlanTasks(params.tasks);
    if (!parsed.ok) return failure('invalid_plan', `${parsed.error}\nThe plan was not changed.`);
    const error = ctx.plan.setPlan(parsed.tasks);
    if (error) return failure('invalid_plan', `${error}\nThe plan was not changed.`);
    const data: PlanTaskData = { taskCount: parsed.tasks.length, summary: ctx.plan.summary() };
    const head = `Plan accepted: ${data.taskCount} ${data.taskCount === 1 ? 'task' : 'tasks'} in dependency order. Dispatch each with the Task tool and its task_id.`;
    return success(data, `${head}\n${ctx.plan.footer()}`);
  },

  compress(_params, result) {
    if (result.status !== 'success') return historyRecord(result, undefined);
    return historyRecord(result, { summary: dataOf<PlanTaskData>(result).summary });
  },
};
