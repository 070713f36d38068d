import { planTaskTool } from '../tools/planTaskTool';
import { updateTaskStatusTool } from '../tools/updateTaskStatusTool';
import { agentAllowsTool } from '../agents/agentToolFilter';
import type { AgentToolRules } from '../agents/agentDefinition';
import type { TurnTools } from '../agent/agentTurn';
import { turnToolsFrom } from '../agent/registryTurnTools';
import { taskTool } from '../subagents/taskTool';
import { defaultTools } from '../tools/defaultTools';
import { createBashTool } from '../tools/bashTool';
import type { BackgroundProcesses } from '../processes/backgroundProcesses';
import { createBashOutputTool } from '../processes/bashOutputTool';
import { backgroundBash } from '../processes/backgroundBash';
import { createKillBashTool } from '../processes/killBashTool';
import { ToolRegistry } from '../tools/toolRegistry';
import type { AnyToolDefinition, ToolResult } from '../tools/toolTypes';
import type { LanguageTools } from '../languageServices/languageTools';

export const planToolNames: readonly string[] = ['PlanTask', 'UpdateTaskStatus'];

/** The built-ins in prompt order; Bash and its background tools share `processes` (spec §14). */
function builtInTools(processes?: BackgroundProcesses): AnyToolDefinition[] {
  const tools = defaultTools.flatMap((tool): AnyToolDefinition[] =>
    tool.name === 'Bash' ? [createBashTool(processes && backgroundBash(processes)), createBashOutputTool(processes), createKillBashTool(processes)] as AnyToolDefinition[] : [tool as AnyToolDefinition]);
  return [...tools, taskTool, planTaskTool, updateTaskStatusTool] as AnyToolDefinition[];
}
export const builtInToolNames: readonly string[] = builtInTools().map((tool) => tool.name);

/**
 * Every tool CodeAgent has: the built-ins, Task, the plan tools, the language tools where the host has
 * language services (after Grep; the edit tools then report new problems) and the MCP servers' tools.
 * Each turn offers a subset. Without `processes`, a background command is refused with a message (nothing may
 * outlive the call).
 */
export function createFullToolRegistry(mcpTools: readonly AnyToolDefinition[] = [], host: { language?: LanguageTools; processes?: BackgroundProcesses } = {}): ToolRegistry {
  const { language, processes } = host;
  if (!language) return new ToolRegistry([...builtInTools(processes), ...mcpTools]);
  const tools = builtInTools(processes).map((tool) => language.decorate(tool));
  const afterGrep = tools.findIndex((tool) => tool.name === 'Grep') + 1;
  return new ToolRegistry([...tools.slice(0, afterGrep), ...language.tools, ...tools.slice(afterGrep), ...mcpTools]);
}


/** Spec §21: the conversation's Memory tool joins its tools while memory is on. */
export function withMemoryTool(all: ToolRegistry, memory: AnyToolDefinition | undefined): ToolRegistry {
  return memory && !all.get(memory.name) ? new ToolRegistry([...all.list(), memory]) : all;
}

/** Tools that change the workspace or run processes: the planner never gets them (spec §7). */
export function actsOnWorkspace(tool: AnyToolDefinition): boolean {
  return tool.kind === 'edit' || tool.kind === 'command';
}

/** The main agent: everything but the plan tools; in plan mode, no acting tools but the plan tools. */
export function mainAgentTools(all: ToolRegistry, planMode: boolean): ToolRegistry {
  return planMode ? all.filter((tool) => !actsOnWorkspace(tool)) : all.filter((tool) => !planToolNames.includes(tool.name));
}

/** A named agent's allow/deny, except that it can always finish. */
export function agentMayUse(rules: AgentToolRules, toolName: string): boolean {
  return toolName === 'AttemptCompletion' || agentAllowsTool(rules, toolName);
}

/** A named agent run from the chat: its allow/deny over the tools, without the plan tools. */
export function namedAgentTools(all: ToolRegistry, rules: AgentToolRules): ToolRegistry {
  return all.filter((tool) => !planToolNames.includes(tool.name) && agentMayUse(rules, tool.name));
}

/**
 * Plan mode enforced where tools are invoked, not only where they are offered: the parser still knows
 * every tool, so a `<Write>` the planner writes anyway is a call that gets an error telling it what to do.
 */
export function planModeGate(all: ToolRegistry, offered: ToolRegistry): TurnTools {
  const everything = turnToolsFrom(all);
  return {
    ...everything,
    specs: () => offered.toolSpecs(),
    invoke: async (name, params, ctx) => {
      const tool = all.get(name);
      if (tool && actsOnWorkspace(tool)) return planModeRefusal(tool.name);
      return everything.invoke(name, params, ctx);
    },
  };
}

function planModeRefusal(name: string): ToolResult {
  const message = `Plan mode: ${name} is not available to the planner. Put this work in a plan task and dispatch it with Task (a sub-agent does it).`;
  return { status: 'error', data: null, error: { code: 'plan_mode', message }, text: `Error (plan_mode): ${message}` };
}
