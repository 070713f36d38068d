import planModeSection from '../../../prompts/planMode.md';
import type { TurnTools } from '../agent/agentTurn';
import { turnToolsFrom } from '../agent/registryTurnTools';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { AgentDefinition } from '../agents/agentDefinition';
import type { MessageRoute } from './messageRoute';
import { withTurnTaskTool } from './turnTaskTool';
import { mainAgentTools, namedAgentTools, planModeGate } from './toolSets';

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
    const offered = withTurnTaskTool(namedAgentTools(all, definition.tools), all, agents, false);
    return {
      tools: turnToolsFrom(offered),
      toolDocs: offered.list().map((tool) => tool.doc),
      role: definition.systemPrompt,
      modelName: definition.model,
      agentName: definition.name,
      historyOwner: mode === 'isolated' ? { agent: definition.name } : 'main',
    };
  }
  const offered = withTurnTaskTool(mainAgentTools(all, route.planMode), all, agents, route.planMode);
  return {
    tools: route.planMode ? planModeGate(all, offered) : turnToolsFrom(offered),
    toolDocs: offered.list().map((tool) => tool.doc),
    modeSection: route.planMode ? planModeSection : undefined,
    historyOwner: 'main',
  };
}
