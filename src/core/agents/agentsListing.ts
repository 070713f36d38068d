import type { AgentDefinition } from './agentDefinition';
import type { AgentProblem } from './agentLoader';
import { resolveContextMode, type ContextMode, type ContextModeLevel, type ResolvedContextMode } from './contextMode';

/** The `codeagent.agents.*` settings the listings explain. */
export interface AgentContextSettings {
  defaultContextMode?: ContextMode;
  allowSharedContext: boolean;
  sharedContextMaxMessages?: number;
}

export interface AgentContextState {
  settings: AgentContextSettings;
  /** `/agents context <name> --mode …` overrides for this conversation. */
  sessionModes?: ReadonlyMap<string, ContextMode>;
  /** How many messages of its own history an agent has in this conversation. */
  historyLength(name: string): number;
}

const levelText: Record<Exclude<ContextModeLevel, 'allowSharedContext'>, string> = {
  flag: 'the flag on this run',
  session: 'set for this conversation with /agents context --mode',
  agentFile: 'the agent file',
  setting: 'setting codeagent.agents.defaultContextMode',
  default: 'the default',
};

/** Markdown for `/agents list`: every agent with its context mode and file, then the files with problems. */
export function agentListText(agents: readonly AgentDefinition[], problems: readonly AgentProblem[], state: Omit<AgentContextState, 'historyLength'>): string {
  const lines: string[] = [];
  if (agents.length === 0) {
    lines.push('No agents. Add Markdown files with a `name` in their front matter to `.codeagent/agents/` (this project) or `~/.codeagent/agents/` (every project).');
  } else {
    lines.push(`**Agents** (${agents.length})`);
    for (const agent of agents) {
      const about = [agent.title, agent.description].filter(Boolean).join(': ');
      const mode = contextModeOf(agent, state);
      lines.push(`- \`@${agent.name}\`${about ? ` — ${about}` : ''}`);
      lines.push(`  ${mode.mode} (${decidedText(mode)}) · ${agent.source.origin}: ${agent.source.path}`);
    }
  }
  if (problems.length > 0) {
    lines.push('', '**Agent file problems**');
    for (const problem of problems) lines.push(`- ${problem.file}: ${problem.reason}`);
  }
  return lines.join('\n');
}

/** Markdown for `/agents context <name>`: the mode, what decided it, and the agent's own history. */
export function agentContextText(agent: AgentDefinition, state: AgentContextState): string {
  const mode = contextModeOf(agent, state);
  const lines = [`**Agent:** ${agent.name}`, `**Context mode:** ${mode.mode} (${decidedText(mode)})`];
  const session = state.sessionModes?.get(agent.name);
  if (session) {
    const original = contextModeOf(agent, { ...state, sessionModes: undefined });
    lines.push(`**Without the override:** ${original.mode} (${decidedText(original)})`);
  }
  if (mode.mode === 'shared') {
    const max = state.settings.sharedContextMaxMessages;
    lines.push(`**Sees:** the main conversation${max ? ` (its last ${max} messages)` : ''}, and adds its exchanges to it`);
  } else {
    lines.push('**Sees:** only its own earlier exchanges in this conversation');
  }
  lines.push(`**Own history:** ${countText(state.historyLength(agent.name))}`);
  return lines.join('\n');
}

/** Markdown for `/agents context --all`: one line per agent. */
export function allAgentContextsText(agents: readonly AgentDefinition[], state: AgentContextState): string {
  if (agents.length === 0) return 'No agents are defined.';
  return agents
    .map((agent) => {
      const mode = contextModeOf(agent, state);
      return `- \`${agent.name}\`: ${mode.mode} (${decidedText(mode)}), own history ${countText(state.historyLength(agent.name))}`;
    })
    .join('\n');
}

function contextModeOf(agent: AgentDefinition, state: Pick<AgentContextState, 'settings' | 'sessionModes'>): ResolvedContextMode {
  return resolveContextMode({
    session: state.sessionModes?.get(agent.name),
    file: agent.contextMode,
    settingDefault: state.settings.defaultContextMode,
    allowShared: state.settings.allowSharedContext,
  });
}

function decidedText(resolved: ResolvedContextMode): string {
  if (resolved.decidedBy !== 'allowSharedContext') return levelText[resolved.decidedBy];
  return `codeagent.agents.allowSharedContext is off; ${levelText[resolved.overruled ?? 'default']} asked for shared`;
}

function countText(count: number): string {
  return count === 1 ? '1 message' : `${count} messages`;
}
