import planModeSection from '../../../prompts/planMode.md';
import type { TurnTools } from '../agent/agentTurn';
import { turnToolsFrom } from '../agent/registryTurnTools';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { AgentDefinition } from '../agents/agentDefinition';
import type { MessageRoute } from './messageRoute';
import { withTurnTaskTool } from './turnTaskTool';
import { agentMayUse, mainAgentTools, namedAgentTools, planModeGate } from './toolSets';
import type { AgentToolRules } from '../agents/agentDefinition';

/** How one turn's agent is set up: which tools it is offered and may call, and what its L1 says. */
export interface TurnProfile {
  tools: TurnTools;
  /** Docs of the offered tools, for the system prompt. */
  toolDocs: string[];
  /** A named agent's body, replacing the base role. */
  role?: string;
  modeSection?: string;
  /** A named agent's model. */
  modelName?: string;
  agentName?: string;
  /** Where the turn's messages live: the main history, or an isolated agent's own. */
  historyOwner: 'main' | { agent: string };
}

/** `agents`: the loaded named agents, which the Task doc lists. */
export function turnProfile(all: ToolRegistry, route: Extract<MessageRoute, { kind: 'turn' }>, agents: readonly AgentDefinition[] = []): TurnProfile {
  if (route.agent) {
    const { definition, mode } = route.agent;
    const offered = narrowed(withTurnTaskTool(namedAgentTools(all, definition.tools), all, agents, false), route.command?.tools);
    return {
      tools: turnToolsFrom(offered),
      toolDocs: offered.list().map((tool) => tool.doc),
      role: definition.systemPrompt,
      modelName: route.command?.model ?? definition.model,
      agentName: definition.name,
      historyOwner: mode === 'isolated' ? { agent: definition.name } : 'main',
    };
  }
  const commandTools = route.command?.tools;
  const offered = narrowed(withTurnTaskTool(mainAgentTools(all, route.planMode), all, agents, route.planMode), commandTools);
  return {
    // A command's tool list is enforced where tools are invoked too: only what it offers can run.
    tools: route.planMode && !commandTools ? planModeGate(all, offered) : turnToolsFrom(offered),
    modelName: route.command?.model,
    toolDocs: offered.list().map((tool) => tool.doc),
    modeSection: route.planMode ? planModeSection : undefined,
    historyOwner: 'main',
  };
}

/** A slash command's `allowed-tools` (spec §17): the turn keeps only those (and can always finish). */
function narrowed(offered: ToolRegistry, rules: AgentToolRules | undefined): ToolRegistry {
  return rules ? offered.filter((tool) => agentMayUse(rules, tool.name)) : offered;
}
