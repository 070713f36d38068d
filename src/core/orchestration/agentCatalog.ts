import type { AgentDefinition } from '../agents/agentDefinition';
import type { AgentProblem, LoadedAgents } from '../agents/agentLoader';
import { errorMessage } from '../errorMessage';

/** The named agents currently loaded (spec §7); the host reloads it when agent files change. */
export class AgentCatalog {
  private loaded: LoadedAgents = { agents: [], problems: [] };
  private loading: Promise<LoadedAgents> | undefined;

  constructor(private readonly load: () => Promise<LoadedAgents>, private readonly onProblems: (problems: AgentProblem[]) => void = () => {}) {}

  /** Loads again; problems of files that are still broken are reported again (they were edited). */
  reload(): Promise<LoadedAgents> {
    const loading = this.load().then(
      (loaded) => {
        this.loaded = loaded;
        if (loaded.problems.length) this.onProblems(loaded.problems);
        return loaded;
      },
      (error: unknown) => {
        const problem = { file: '(agent folders)', reason: errorMessage(error) };
        this.onProblems([problem]);
        return this.loaded;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** The latest load, waiting for one in flight (the first message after activation must know the agents). */
  async ready(): Promise<LoadedAgents> {
    return (await this.loading) ?? this.loaded;
  }

  get agents(): readonly AgentDefinition[] {
    return this.loaded.agents;
  }

  get problems(): readonly AgentProblem[] {
    return this.loaded.problems;
  }

  get(name: string): AgentDefinition | undefined {
    return this.loaded.agents.find((agent) => agent.name === name);
  }

  names(): string[] {
    return this.loaded.agents.map((agent) => agent.name);
  }
}
