import type { AgentDefinition } from '../agents/agentDefinition';
import { childToolRegistry, isReadOnlyToolSet } from '../subagents/childTools';
import { taskToolFor } from '../subagents/taskTool';
import { ToolRegistry } from '../tools/toolRegistry';
import type { AnyToolDefinition } from '../tools/toolTypes';
import { agentMayUse } from './toolSets';

/** True when the named agent's child could only read: such Tasks may run side by side (spec §7). */
export function isReadOnlyAgent(all: ToolRegistry, agent: AgentDefinition): boolean {
  return isReadOnlyToolSet(childToolRegistry(all, (name) => agentMayUse(agent.tools, name)));
}

/** The offered tools with Task as this turn documents it: the loaded agents listed, `task_id` only in plan mode. */
export function withTurnTaskTool(offered: ToolRegistry, all: ToolRegistry, agents: readonly AgentDefinition[], planMode: boolean): ToolRegistry {
  if (!offered.get('Task')) return offered;
  const listed = agents.map((agent) => ({ name: agent.name, description: agent.description, readOnly: isReadOnlyAgent(all, agent) }));
  const task = taskToolFor({ agents: listed, planMode }) as AnyToolDefinition;
  return new ToolRegistry(offered.list().map((tool) => (tool.name === 'Task' ? task : tool)));
}
