import { askUserTool } from './askUserTool';
import { attemptCompletionTool } from './attemptCompletionTool';
import { bashTool } from './bashTool';
import { editTool } from './editTool';
import { globTool } from './globTool';
import { grepTool } from './grepTool';
import { lsTool } from './lsTool';
import { multiEditTool } from './multiEditTool';
import { readTool } from './readTool';
import { todoWriteTool } from './todoWriteTool';
import { ToolRegistry } from './toolRegistry';
import { writeTool } from './writeTool';

/** The built-in tools in prompt order. Task/PlanTask/UpdateTaskStatus are added by the agent layer. */
export const defaultTools = [
  readTool,
  writeTool,
  editTool,
  multiEditTool,
  lsTool,
  globTool,
  grepTool,
  bashTool,
  todoWriteTool,
  askUserTool,
  attemptCompletionTool,
] as const;

export function createDefaultToolRegistry(): ToolRegistry {
  return new ToolRegistry(defaultTools);
}
