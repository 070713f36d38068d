import type { ToolRegistry } from '../tools/toolRegistry';

/** Planning and delegation stay with the parent: a child neither plans nor spawns children (spec §7, seed 000 §2.2). */
export const parentOnlyTools: readonly string[] = ['PlanTask', 'UpdateTaskStatus', 'Task'];

/** Control tools whose effects stay inside the child (its own todo list, its own end), so they never make it unsafe to run alongside others. */
const harmlessControlTools: readonly string[] = ['AttemptCompletion', 'TodoWrite'];

/** The child's tools: the parent's without the parent-only ones, then limited by a named agent's allow/deny. */
export function childToolRegistry(parent: ToolRegistry, allowed: (toolName: string) => boolean = () => true): ToolRegistry {
  return parent.filter((tool) => !parentOnlyTools.includes(tool.name) && allowed(tool.name));
}

/** True when no tool can change the workspace, run a process or wait for the user: such children may run concurrently. */
export function isReadOnlyToolSet(registry: ToolRegistry): boolean {
  return registry.list().every((tool) => tool.kind === 'read' || harmlessControlTools.includes(tool.name));
}
