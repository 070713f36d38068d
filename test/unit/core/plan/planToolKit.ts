import { planTaskTool } from '../../../../src/core/tools/planTaskTool';
import { TaskManager } from '../../../../src/core/plan/taskManager';
import { updateTaskStatusTool } from '../../../../src/core/tools/updateTaskStatusTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';

export const planTools = [planTaskTool, updateTaskStatusTool] as const;
export const planRegistry = new ToolRegistry(planTools);

/** A tool context in plan mode: the harness of the tool tests with a fresh plan. */
export async function planHarness(): Promise<{ ws: TempWorkspace; h: Harness; plan: TaskManager }> {
  const ws = await TempWorkspace.create();
  const h = makeHarness(ws);
  const plan = new TaskManager();
  h.ctx.plan = plan;
  return { ws, h, plan };
}
