import type { Clock } from '../ports/clock';
import type { CommandRunner } from '../ports/commandRunner';
import type { ModelClient } from '../ports/modelClient';
import type { TextSearch } from '../ports/textSearch';
import type { WorkspaceFs } from '../ports/workspaceFs';
import type { Settings } from '../settings';
import type { FileChange } from '../tools/approval';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { AgentCatalog } from '../orchestration/agentCatalog';
import type { SessionEnvironment } from '../contracts/sessionEnvironment';
import type { Approver } from '../agent/approvalGate';
import type { SkillCatalog } from '../skills/skillCatalog';
import type { HookDispatcher } from '../hooks/hookDispatcher';
import type { CommandCatalog } from '../commands/commandCatalog';
import type { UserInputPrompt } from '../ports/userInput';
import type { McpExtras } from '../orchestration/mcpPromptRoute';
import type { ToolProtocolMemory } from '../model/toolProtocol';
import type { Translator } from '../ports/translator';
import type { WorktreeRecord } from '../worktrees/worktreeRecord';
import type { SessionMemory } from '../memory/sessionMemory';

/** What a conversation's session is given by its host: the ports, the settings and the listeners. */
export interface AgentSessionDeps {
  model: () => ModelClient;
  clock: Clock;
  settings: () => Settings;
  /** A function when the tools change between turns (MCP servers coming and going). */
  tools: ToolRegistry | (() => ToolRegistry);
  fs: WorkspaceFs;
  commands: CommandRunner;
  search: TextSearch;
  approver: Approver;
  environment: () => SessionEnvironment;
  newId: () => string;
  /** Called whenever the conversation's stored state changed (a record, a turn start or end). */
  onChange?: () => void;
  onFileChanged?: (change: FileChange) => void;
  onProblem?: (message: string) => void;
  /** Named agents (spec §7); none when absent. */
  agents?: AgentCatalog;
  /** A reminder appended to each user message (spec §14: the background processes of this conversation still running); '' for none. */
  inputReminder?: (conversationId: string) => string;
  /** Told the model before each of a turn's later requests (spec §15: hunks the user undid meanwhile); '' for none. */
  requestReminder?: () => string;
  /** Skills (spec §17): listed in L2, loaded by the Skill tool; none when absent. */
  skills?: SkillCatalog;
  /** Hooks (spec §17) that may run, trust already decided; none when absent. */
  hooks?: HookDispatcher;
  /** Slash commands from command and prompt files (spec §17); none when absent. */
  slashCommands?: CommandCatalog;
  /** MCP servers' prompts (`/mcp.<server>.<prompt>`) and resources (`@mcp:<server>:<uri>`). */
  mcp?: McpExtras;
  /** `model.toolProtocol: auto` (spec §3): the endpoints and models that refused native tools; none kept when absent. */
  toolProtocols?: ToolProtocolMemory;
  /** Asks for a command's `${input:…}` values and an MCP prompt's arguments. */
  userInput?: UserInputPrompt;
  /** Words what the session tells the user (notices, errors, warnings) in their language (spec §20); English when absent. */
  l10n?: Translator;
  /** Spec §19: the git worktree this conversation works in (`fs`, `commands` and `search` are rooted there). */
  worktree?: WorktreeRecord;
  /** Spec §19: the user's working tree, where an Apply's changes are (Revert of those acts there). */
  userTreeFs?: WorkspaceFs;
  /** Spec §21: this conversation's memory (the Memory tool and its L2 block) while `memory.enabled`; none when absent. */
  memory?: SessionMemory;
}
