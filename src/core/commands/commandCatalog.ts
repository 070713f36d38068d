import { errorMessage } from '../errorMessage';
import type { CommandDefinition, CommandProblem } from './commandDefinition';
import type { LoadedCommands } from './commandLoader';

/** The slash commands currently loaded (spec §17); the host reloads it when command files change. */
export class CommandCatalog {
  private loaded: LoadedCommands = { commands: [], problems: [] };
  private loading: Promise<LoadedCommands> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<LoadedCommands>, private readonly onProblems: (problems: CommandProblem[]) => void = () => {}) {}

  /** Loads again; a file that is still broken is reported again (it was edited). A failed load keeps the last commands. */
  reload(): Promise<LoadedCommands> {
    const loading = this.load().then(
      (loaded) => {
        this.loaded = loaded;
        if (loaded.problems.length) this.onProblems(loaded.problems);
        return loaded;
      },
      (error: unknown) => {
        this.onProblems([{ file: '(command folders)', reason: errorMessage(error) }]);
        return this.loaded;
      },
    ).finally(() => { for (const listener of this.listeners) listener(); });
    this.loading = loading;
    return loading;
  }

  async ready(): Promise<LoadedCommands> {
    return (await this.loading) ?? this.loaded;
  }

  get commands(): readonly CommandDefinition[] {
    return this.loaded.commands;
  }

  get problems(): readonly CommandProblem[] {
    return this.loaded.problems;
  }

  get(name: string): CommandDefinition | undefined {
    return this.loaded.commands.find((command) => command.name === name);
  }

  /** Called after every (re)load; returns the unsubscribe. */
  onDidLoad(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
