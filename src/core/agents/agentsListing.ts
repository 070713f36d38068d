import { english, type Translator } from '../ports/translator';
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

function levelText(level: Exclude<ContextModeLevel, 'allowSharedContext'>, l10n: Translator): string {
  switch (level) {
    case 'flag': return l10n.t('the flag on this run');
    case 'session': return l10n.t('set for this conversation with /agents context --mode');
    case 'agentFile': return l10n.t('the agent file');
    case 'setting': return l10n.t('setting codeagent.agents.defaultContextMode');
    case 'default': return l10n.t('the default');
  }
}

/** Markdown for `/agents list`: every agent with its context mode and file, then the files with problems. */
export function agentListText(agents: readonly AgentDefinition[], problems: readonly AgentProblem[], state: Omit<AgentContextState, 'historyLength'>, l10n: Translator = english): string {
  const lines: string[] = [];
  if (agents.length === 0) {
    lines.push(l10n.t('No agents. Add Markdown files with a `name` in their front matter to `.codeagent/agents/` (this project) or `~/.codeagent/agents/` (every project).'));
  } else {
    lines.push(`**${l10n.t('Agents')}** (${agents.length})`);
    for (const agent of agents) {
      const about = [agent.title, agent.description].filter(Boolean).join(': ');
      const mode = contextModeOf(agent, state);
      lines.push(`- \`@${agent.name}\`${about ? ` — ${about}` : ''}`);
      lines.push(`  ${mode.mode} (${decidedText(mode, l10n)}) · ${agent.source.origin}: ${agent.source.path}`);
    }
  }
  if (problems.length > 0) {
    lines.push('', `**${l10n.t('Agent file problems')}**`);
    for (const problem of problems) lines.push(`- ${problem.file}: ${problem.reason(l10n)}`);
  }
  return lines.join('\n');
}

/** Markdown for `/agents context <name>`: the mode, what decided it, and the agent's own history. */
export function agentContextText(agent: AgentDefinition, state: AgentContextState, l10n: Translator = english): string {
  const mode = contextModeOf(agent, state);
  const field = (label: string, value: string) => `**${label}** ${value}`;
  const lines = [field(l10n.t('Agent:'), agent.name), field(l10n.t('Context mode:'), `${mode.mode} (${decidedText(mode, l10n)})`)];
  const session = state.sessionModes?.get(agent.name);
  if (session) {
    const original = contextModeOf(agent, { ...state, sessionModes: undefined });
    lines.push(field(l10n.t('Without the override:'), `${original.mode} (${decidedText(original, l10n)})`));
  }
  if (mode.mode === 'shared') {
    const max = state.settings.sharedContextMaxMessages;
    lines.push(field(l10n.t('Sees:'), max ? l10n.t('the main conversation (its last {0} messages), and adds its exchanges to it', max) : l10n.t('the main conversation, and adds its exchanges to it')));
  } else {
    lines.push(field(l10n.t('Sees:'), l10n.t('only its own earlier exchanges in this conversation')));
  }
  lines.push(field(l10n.t('Own history:'), countText(state.historyLength(agent.name), l10n)));
  return lines.join('\n');
}

/** Markdown for `/agents context --all`: one line per agent. */
export function allAgentContextsText(agents: readonly AgentDefinition[], state: AgentContextState, l10n: Translator = english): string {
  if (agents.length === 0) return l10n.t('No agents are defined.');
  return agents
    .map((agent) => {
      const mode = contextModeOf(agent, state);
      return `- \`${agent.name}\`: ${l10n.t('{0} ({1}), own history {2}', mode.mode, decidedText(mode, l10n), countText(state.historyLength(agent.name), l10n))}`;
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

function decidedText(resolved: ResolvedContextMode, l10n: Translator): string {
  if (resolved.decidedBy !== 'allowSharedContext') return levelText(resolved.decidedBy, l10n);
  return l10n.t('codeagent.agents.allowSharedContext is off; {0} asked for shared', levelText(resolved.overruled ?? 'default', l10n));
}

function countText(count: number, l10n: Translator): string {
  return count === 1 ? l10n.t('{0} message', 1) : l10n.t('{0} messages', count);
}
