import { english, type Translator } from '../ports/translator';
import { isContextMode, type ContextMode } from './contextMode';

export type KnownAgents = ReadonlySet<string> | readonly string[];

export type AgentMention =
  | { kind: 'agent'; name: string; prompt: string; contextMode?: ContextMode }
  | { kind: 'usageError'; message: string };

export type SlashCommand =
  | { kind: 'plan'; request: string }
  | { kind: 'agentsList' }
  | { kind: 'agentsRun'; name: string; prompt: string; contextMode?: ContextMode }
  | { kind: 'agentsContext'; name: string; mode?: ContextMode }
  | { kind: 'agentsContextAll' }
  | { kind: 'usageError'; command: '/plan' | '/agents'; message: string };

/**
 * The usage lines, in the user's words (spec §20); the syntax itself stays as typed, as code: the panel shows a
 * notice as Markdown, where a bare `<prompt>` would be taken for a tag.
 */
const mentionUsage = (l10n: Translator) => l10n.t('Usage: {0}', '`@name [--shared|--isolated] <prompt>`');
const planUsageOf = (l10n: Translator) => l10n.t('Usage: {0}', '`/plan <request>`');
const agentsUsageOf = (l10n: Translator) => [
  l10n.t('Usage:'),
  '- `/agents list`',
  '- `/agents run <name> <prompt> [--context shared|isolated]`',
  '- `/agents context <name> [--mode shared|isolated]`',
  '- `/agents context --all`',
].join('\n');
export const agentMentionUsage = mentionUsage(english);
export const planUsage = planUsageOf(english);
export const agentsUsage = agentsUsageOf(english);

const mention = /^@([a-z0-9][a-z0-9_-]*)(?=\s|$)/;

/**
 * `@name [--shared|--isolated] <prompt>` at the very start of a message. null when the message does not start
 * with a loaded agent's name, so `@src/a.ts …` or `@someone` stays a normal message with its file mentions.
 */
export function parseAgentMention(text: string, knownAgents: KnownAgents, l10n: Translator = english): AgentMention | null {
  const trimmed = text.trimStart();
  const match = mention.exec(trimmed);
  if (!match || !has(knownAgents, match[1]!)) return null;
  const name = match[1]!;
  let rest = trimmed.slice(match[0].length).trimStart();
  let contextMode: ContextMode | undefined;
  for (let flag = /^--(shared|isolated)(?=\s|$)/.exec(rest); flag; flag = /^--(shared|isolated)(?=\s|$)/.exec(rest)) {
    const mode = flag[1] as ContextMode;
    if (contextMode && contextMode !== mode) return { kind: 'usageError', message: `${l10n.t('@{0}: give either --shared or --isolated, not both.', name)} ${mentionUsage(l10n)}` };
    contextMode = mode;
    rest = rest.slice(flag[0].length).trimStart();
  }
  const prompt = rest.trimEnd();
  if (!prompt) return { kind: 'usageError', message: `${l10n.t('@{0} needs a request after the name.', name)} ${mentionUsage(l10n)}` };
  return contextMode ? { kind: 'agent', name, prompt, contextMode } : { kind: 'agent', name, prompt };
}

/** `/plan …` and `/agents …`; null for any other text, which is not one of these commands. */
export function parseSlashCommand(text: string, knownAgents?: KnownAgents, l10n: Translator = english): SlashCommand | null {
  const trimmed = text.trim();
  const plan = /^\/plan(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (plan) return plan[1]?.trim() ? { kind: 'plan', request: plan[1].trim() } : { kind: 'usageError', command: '/plan', message: planUsageOf(l10n) };
  const agents = /^\/agents(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!agents) return null;
  const args = agents[1] ?? '';
  const [sub = '', afterSub = ''] = splitFirst(args);
  if (sub === 'list') return afterSub ? agentsError(l10n.t('{0} takes no arguments.', '/agents list'), l10n) : { kind: 'agentsList' };
  if (sub === 'run') return parseRun(afterSub, knownAgents, l10n);
  if (sub === 'context') return parseContext(afterSub, knownAgents, l10n);
  return agentsError(sub ? l10n.t('Unknown subcommand \'{0}\'.', sub) : l10n.t('Missing subcommand.'), l10n);
}

function parseRun(args: string, knownAgents: KnownAgents | undefined, l10n: Translator): SlashCommand {
  const [name = '', rest = ''] = splitFirst(args);
  if (!name) return agentsError(l10n.t('{0} needs an agent name and a request.', '/agents run'), l10n);
  const unknown = unknownAgent(name, knownAgents, l10n);
  if (unknown) return unknown;
  let prompt = rest;
  let value: string | undefined;
  const leading = /^--context(?:=|\s+|$)(\S*)\s*/.exec(prompt);
  const trailing = /(?:^|\s)--context(?:=|\s+|$)(\S*)\s*$/.exec(prompt);
  if (leading) {
    value = leading[1]!;
    prompt = prompt.slice(leading[0].length);
  } else if (trailing) {
    value = trailing[1]!;
    prompt = prompt.slice(0, trailing.index);
  }
  if (value !== undefined && !isContextMode(value)) return agentsError(mustBeMode('--context', value, l10n), l10n);
  prompt = prompt.trim();
  if (!prompt) return agentsError(l10n.t('{0} needs a request.', `/agents run ${name}`), l10n);
  return value ? { kind: 'agentsRun', name, prompt, contextMode: value } : { kind: 'agentsRun', name, prompt };
}

function parseContext(args: string, knownAgents: KnownAgents | undefined, l10n: Translator): SlashCommand {
  const words = args.split(/\s+/).filter((w) => w !== '');
  if (words[0] === '--all') return words.length === 1 ? { kind: 'agentsContextAll' } : agentsError(l10n.t('{0} takes nothing else.', '/agents context --all'), l10n);
  const name = words[0];
  if (!name || name.startsWith('--')) return agentsError(l10n.t('{0} needs an agent name, or --all.', '/agents context'), l10n);
  const unknown = unknownAgent(name, knownAgents, l10n);
  if (unknown) return unknown;
  if (words.length === 1) return { kind: 'agentsContext', name };
  const option = /^--mode(?:=(.*))?$/.exec(words[1]!);
  const value = option ? (option[1] ?? words[2]) : undefined;
  const extra = option && option[1] === undefined ? words.slice(3) : words.slice(2);
  if (!option || extra.length > 0) return agentsError(l10n.t('Unexpected \'{0}\' after {1}.', option ? extra.join(' ') : words.slice(1).join(' '), `/agents context ${name}`), l10n);
  if (!isContextMode(value)) return agentsError(mustBeMode('--mode', value, l10n), l10n);
  return { kind: 'agentsContext', name, mode: value };
}

function unknownAgent(name: string, knownAgents: KnownAgents | undefined, l10n: Translator): SlashCommand | undefined {
  if (!knownAgents || has(knownAgents, name)) return undefined;
  const names = [...knownAgents];
  const available = names.length ? l10n.t('Agents: {0}.', names.join(', ')) : l10n.t('No agents are defined: add Markdown files to .codeagent/agents/.');
  return { kind: 'usageError', command: '/agents', message: `${l10n.t('No agent named \'{0}\'.', name)} ${available}` };
}

function agentsError(problem: string, l10n: Translator): SlashCommand {
  return { kind: 'usageError', command: '/agents', message: `${problem}\n${agentsUsageOf(l10n)}` };
}

/** `--context` / `--mode` given something else than a mode. */
function mustBeMode(option: string, value: string | undefined, l10n: Translator): string {
  return value ? l10n.t('{0} must be "shared" or "isolated", not "{1}".', option, value) : l10n.t('{0} must be "shared" or "isolated".', option);
}

/** First word and the text after it (its own spacing and line breaks kept, leading space dropped). */
function splitFirst(text: string): [string?, string?] {
  const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(text);
  return match ? [match[1], match[2]] : [];
}

function has(knownAgents: KnownAgents, name: string): boolean {
  return 'has' in knownAgents ? knownAgents.has(name) : knownAgents.includes(name);
}
