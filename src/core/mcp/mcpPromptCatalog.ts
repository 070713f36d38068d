import { errorMessage } from '../errorMessage';
import type { McpConnections } from '../ports/mcpConnections';
import type { McpPromptInfo, McpPromptsAndResources, McpResourceInfo } from '../ports/mcpPrompts';

/** What `/` and `@` completion offer of the ready servers (spec §17). */
export interface McpPromptCommand {
  /** `mcp.<server>.<prompt>` */
  name: string;
  description?: string;
  /** `<city> [state]`: required arguments in angle brackets, optional ones in square brackets. */
  argumentHint?: string;
}

export interface McpResourceSuggestion {
  server: string;
  uri: string;
  name: string;
  description?: string;
}

interface ServerLists {
  prompts: McpPromptInfo[];
  resources: McpResourceInfo[];
}

/** The ready servers' prompts and resources, listed again whenever a server's state changes. */
export class McpPromptCatalog {
  private readonly lists = new Map<string, ServerLists>();
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(private readonly mcp: McpPromptsAndResources & Pick<McpConnections, 'servers' | 'onDidChange'>, private readonly onProblem: (message: string) => void = () => {}) {
    this.unsubscribe = mcp.onDidChange(() => void this.refresh());
  }

  /** Lists every ready server's prompts and resources again; one that fails lists nothing and is reported. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const signal = AbortSignal.timeout(30_000);
      const ready = this.mcp.servers().filter((s) => s.status === 'ready').map((s) => s.name);
      for (const name of [...this.lists.keys()]) if (!ready.includes(name)) this.lists.delete(name);
      await Promise.all(ready.map(async (server) => {
        const [prompts, resources] = await Promise.all([
          this.mcp.prompts(server, signal).catch((error: unknown) => this.failed(server, 'prompts', error)),
          this.mcp.resources(server, signal).catch((error: unknown) => this.failed(server, 'resources', error)),
        ]);
        this.lists.set(server, { prompts, resources });
      }));
      for (const listener of this.listeners) listener();
    });
    return this.refreshing;
  }

  promptCommands(): McpPromptCommand[] {
    return [...this.lists.entries()].flatMap(([server, { prompts }]) => prompts.map((prompt) => {
      const hint = prompt.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
      return { name: `mcp.${server}.${prompt.name}`, ...(prompt.description ? { description: prompt.description } : {}), ...(hint ? { argumentHint: hint } : {}) };
    }));
  }

  /** Resources whose server, name or URI contains the query (after `@`; a leading `mcp:` is ignored), at most `limit`. */
  resources(query: string, limit = 20): McpResourceSuggestion[] {
    const q = query.toLowerCase().replace(/^mcp:?/, '');
    const all = [...this.lists.entries()].flatMap(([server, { resources }]) => resources.map((r) => ({ server, uri: r.uri, name: r.name, ...(r.description ? { description: r.description } : {}) })));
    return all.filter((r) => !q || `${r.server}:${r.uri} ${r.name}`.toLowerCase().includes(q)).slice(0, limit);
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.unsubscribe();
  }

  private failed(server: string, what: string, error: unknown): [] {
    this.onProblem(`MCP server ${server}: its ${what} could not be listed: ${errorMessage(error)}`);
    return [];
  }
}
