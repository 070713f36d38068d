import type { AgentDefinition, AgentToolRules } from '../agents/agentDefinition';
import { parseAgentMention, parseSlashCommand } from '../agents/agentInvocation';
import { agentContextText, agentListText, allAgentContextsText, type AgentContextState } from '../agents/agentsListing';
import { resolveContextMode, type ContextMode } from '../agents/contextMode';
import { english, type Translator } from '../ports/translator';
import type { Settings } from '../settings';
import type { AgentCatalog } from './agentCatalog';

/** What a chat message asks for: a turn (main agent, plan mode, or a named agent) or a local answer. */
export type MessageRoute =
  | { kind: 'turn'; text: string; planMode: boolean; agent?: { definition: AgentDefinition; mode: ContextMode }; command?: CommandTurn; attached?: string }
  /** `/agents list|context`, usage errors: answered here, never sent to the model, never stored in history. */
  | { kind: 'notice'; text: string };

/** A slash command's turn (spec §17): `text` is its expanded prompt; its tools narrow the turn's. */
export interface CommandTurn {
  name: string;
  tools?: AgentToolRules;
  model?: string;
}

export interface RouteContext {
  catalog: AgentCatalog | undefined;
  settings: Settings;
  /** `/agents context <name> --mode …` choices of this conversation. */
  sessionModes: Map<string, ContextMode>;
  historyLength(agent: string): number;
  /** Words the notices for the user (spec §20); English when absent. */
  l10n?: Translator;
}

/** Spec §7: `/plan`, `/agents …`, `@name [--shared|--isolated]` at the start; anything else is a normal message. */
export function routeMessage(text: string, context: RouteContext): MessageRoute {
  const planMode = context.settings.agent.planMode;
  const names = context.catalog?.names() ?? [];
  const l10n = context.l10n ?? english;
  const command = parseSlashCommand(text, names, l10n);
  if (command) {
    switch (command.kind) {
      case 'plan': return { kind: 'turn', text: command.request, planMode: true };
      case 'usageError': return { kind: 'notice', text: command.message };
      case 'agentsList': return { kind: 'notice', text: agentListText(context.catalog?.agents ?? [], context.catalog?.problems ?? [], state(context), l10n) };
      case 'agentsContextAll': return { kind: 'notice', text: allAgentContextsText(context.catalog?.agents ?? [], state(context), l10n) };
      case 'agentsContext': {
        const definition = context.catalog?.get(command.name);
        if (!definition) return unknownAgent(command.name, names, l10n);
        if (command.mode) context.sessionModes.set(command.name, command.mode);
        return { kind: 'notice', text: agentContextText(definition, state(context), l10n) };
      }
      case 'agentsRun': return agentTurn(command.name, command.prompt, command.contextMode, context);
    }
  }
  const mention = parseAgentMention(text, names, l10n);
  if (mention?.kind === 'usageError') return { kind: 'notice', text: mention.message };
  if (mention) return agentTurn(mention.name, mention.prompt, mention.contextMode, context);
  return { kind: 'turn', text, planMode };
}

export function agentTurn(name: string, prompt: string, flag: ContextMode | undefined, context: RouteContext): MessageRoute {
  const definition = context.catalog?.get(name);
  if (!definition) return unknownAgent(name, context.catalog?.names() ?? [], context.l10n ?? english);
  const { mode } = resolveContextMode({
    flag,
    session: context.sessionModes.get(name),
    file: definition.contextMode,
    settingDefault: context.settings.agents.defaultContextMode,
    allowShared: context.settings.agents.allowSharedContext,
  });
  // A named agent acts itself: plan mode is the main agent's way of working.
  return { kind: 'turn', text: prompt, planMode: false, agent: { definition, mode } };
}

export function unknownAgent(name: string, names: readonly string[], l10n: Translator = english): MessageRoute {
  const available = names.length ? l10n.t('Agents: {0}.', names.join(', ')) : l10n.t('No agents are defined: add Markdown files to .codeagent/agents/.');
  return { kind: 'notice', text: `${l10n.t('There is no agent named "{0}".', name)} ${available}` };
}

function state(context: RouteContext): AgentContextState {
  return {
    settings: {
      defaultContextMode: context.settings.agents.defaultContextMode,
      allowSharedContext: context.settings.agents.allowSharedContext,
      sharedContextMaxMessages: context.settings.agents.sharedContextMaxMessages,
    },
    sessionModes: context.sessionModes,
    historyLength: (name) => context.historyLength(name),
  };
}
