import type { AgentToolRules } from '../agents/agentDefinition';
import type { LoadProblem } from '../catalog/reloadingCatalog';

/** Where a command file lives; the order is the precedence on a name clash. */
export type CommandOrigin = 'project' | 'user' | 'claude' | 'claudeUser' | 'github';

/** A slash command read from a Markdown file (spec §17). */
export interface CommandDefinition {
  /** Without the slash: `explain`, `frontend:test`. */
  name: string;
  description?: string;
  argumentHint?: string;
  /** A named agent, or `plan` for plan mode. */
  agent?: string;
  model?: string;
  /** Narrows the turn's tools; absent: the usual tools. */
  tools?: AgentToolRules;
  /** The prompt template: `$ARGUMENTS`, `$1`…`$9`, `${input:name:default}`, `@path`. */
  body: string;
  source: { path: string; origin: CommandOrigin };
}

/** Commands the panel or the host answers itself: a file never takes their name (spec §17). */
export const builtInCommandNames: readonly string[] = ['plan', 'agents', 'new', 'history', 'context', 'memory'];

/** Names under `mcp.` are a server's prompts. */
export const mcpCommandPrefix = 'mcp.';

/** A file skipped or loaded with a caveat, reported with the file and the reason. */
export type CommandProblem = LoadProblem;
