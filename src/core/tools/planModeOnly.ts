import { failure } from './toolResults';
import type { ToolResult } from './toolTypes';

/** What a plan tool answers where there is no plan (plan mode off, or inside a child agent). */
export function planModeOnly(toolName: string): ToolResult {
  return failure('plan_mode_only', `${toolName} is only available in plan mode (start a message with /plan or turn on the Plan mode button).`);
}
