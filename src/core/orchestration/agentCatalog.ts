import type { AgentDefinition } from '../agents/agentDefinition';
import type { AgentProblem, LoadedAgents } from '../agents/agentLoader';
import { ReloadingCatalog } from '../catalog/reloadingCatalog';

/** The named agents currently loaded (spec §7); the host reloads it when agent files change. */
export class AgentCatalog extends ReloadingCatalog<LoadedAgents> {
  constructor(load: () => Promise<LoadedAgents>, onProblems: (problems: AgentProblem[]) => void = () => {}) {
    super(load, { agents: [], problems: [] }, { folders: '.codeagent/agents, .claude/agents, .github/agents', onProblems });
  }

  get agents(): readonly AgentDefinition[] {
    return this.loaded.agents;
  }

  get(name: string): AgentDefinition | undefined {
    return this.loaded.agents.find((agent) => agent.name === name);
  }

  names(): string[] {
    return this.loaded.agents.map((agent) => agent.name);
  }
}
