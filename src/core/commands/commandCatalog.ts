import { ReloadingCatalog } from '../catalog/reloadingCatalog';
import type { CommandDefinition, CommandProblem } from './commandDefinition';
import type { LoadedCommands } from './commandLoader';

/** The slash commands currently loaded (spec §17); the host reloads it when command files change. */
export class CommandCatalog extends ReloadingCatalog<LoadedCommands> {
  constructor(load: () => Promise<LoadedCommands>, onProblems: (problems: CommandProblem[]) => void = () => {}) {
    super(load, { commands: [], problems: [] }, { folders: '.codeagent/commands, .claude/commands, .github/prompts', onProblems });
  }

  get commands(): readonly CommandDefinition[] {
    return this.loaded.commands;
  }

  get(name: string): CommandDefinition | undefined {
    return this.loaded.commands.find((command) => command.name === name);
  }
}
