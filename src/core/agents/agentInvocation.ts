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

export const agentMentionUsage = 'Usage: @name [--shared|--isolated] <prompt>';
export const planUsage = 'Usage: /plan <request>';
export const agentsUsage = [
  'Usage:',
  '/agents list',
  '/agents run <name> <prompt> [--context shared|isolated]',
  '/agents context <name> [--mode shared|isolated]',
  '/agents context --all',
].join('\n');

const mention = /^@([a-z0-9][a-z0-9_-]*)(?=\s|$)/;

/**
 * `@name [--shared|--isolated] <prompt>` at the very start of a message. null when the message does not start
 * with a loaded agent's name, so `@src/a.ts …` or `@someone` stays a normal message with its file mentions.
 */
export function parseAgentMention(text: string, knownAgents: KnownAgents): AgentMention | null {
  const trimmed = text.trimStart();
  const match = mention.exec(trimmed);
  if (!match || !has(knownAgents, match[1]!)) return null;
  const name = match[1]!;
  let rest = trimmed.slice(match[0].length).trimStart();
  let contextMode: ContextMode | undefined;
  for (let flag = /^--(shared|isolated)(?=\s|$)/.exec(rest); flag; flag = /^--(shared|isolated)(?=\s|$)/.exec(rest)) {
    const mode = flag[1] as ContextMode;
    if (contextMode && contextMode !== mode) return { kind: 'usageError', message: `@${name}: give either --shared or --isolated, not both. ${agentMentionUsage}` };
    contextMode = mode;
    rest = rest.slice(flag[0].length).trimStart();
  }
  const prompt = rest.trimEnd();
  if (!prompt) return { kind: 'usageError', message: `@${name} needs a request after the name. ${agentMentionUsage}` };
  return contextMode ? { kind: 'agent', name, prompt, contextMode } : { kind: 'agent', name, prompt };
}

/** `/plan …` and `/agents …`; null for any other text, which is not one of these commands. */
export function parseSlashCommand(text: string, knownAgents?: KnownAgents): SlashCommand | null {
  const trimmed = text.trim();
  const plan = /^\/plan(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (plan) return plan[1]?.trim() ? { kind: 'plan', request: plan[1].trim() } : { kind: 'usageError', command: '/plan', message: planUsage };
  const agents = /^\/agents(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!agents) return null;
  const args = agents[1] ?? '';
  const [sub = '', afterSub = ''] = splitFirst(args);
  if (sub === 'list') return afterSub ? agentsError(`/agents list takes no arguments.`) : { kind: 'agentsList' };
  if (sub === 'run') return parseRun(afterSub, knownAgents);
  if (sub === 'context') return parseContext(afterSub, knownAgents);
  return agentsError(sub ? `Unknown subcommand '${sub}'.` : 'Missing subcommand.');
}

function parseRun(args: string, knownAgents: KnownAgents | undefined): SlashCommand {
  const [name = '', rest = ''] = splitFirst(args);
  if (!name) return agentsError('/agents run needs an agent name and a request.');
  const unknown = unknownAgent(name, knownAgents);
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
  if (value !== undefined && !isContextMode(value)) return agentsError(`--context must be "shared" or "isolated"${value ? `, not "${value}"` : ''}.`);
  prompt = prompt.trim();
  if (!prompt) return agentsError(`/agents run ${name} needs a request.`);
  return value ? { kind: 'agentsRun', name, prompt, contextMode: value } : { kind: 'agentsRun', name, prompt };
}

function parseContext(args: string, knownAgents: KnownAgents | undefined): SlashCommand {
  const words = args.split(/\s+/).filter((w) => w !== '');
  if (words[0] === '--all') return words.length === 1 ? { kind: 'agentsContextAll' } : agentsError('/agents context --all takes nothing else.');
  const name = words[0];
  if (!name || name.startsWith('--')) return agentsError('/agents context needs an agent name, or --all.');
  const unknown = unknownAgent(name, knownAgents);
  if (unknown) return unknown;
  if (words.length === 1) return { kind: 'agentsContext', name };
  const option = /^--mode(?:=(.*))?$/.exec(words[1]!);
  const value = option ? (option[1] ?? words[2]) : undefined;
  const extra = option && option[1] === undefined ? words.slice(3) : words.slice(2);
  if (!option || extra.length > 0) return agentsError(`Unexpected '${option ? extra.join(' ') : words.slice(1).join(' ')}' after /agents context ${name}.`);
  if (!isContextMode(value)) return agentsError(`--mode must be "shared" or "isolated"${value ? `, not "${value}"` : ''}.`);
  return { kind: 'agentsContext', name, mode: value };
}

function unknownAgent(name: string, knownAgents: KnownAgents | undefined): SlashCommand | undefined {
  if (!knownAgents || has(knownAgents, name)) return undefined;
  const names = [...knownAgents];
  const available = names.length ? `Agents: ${names.join(', ')}.` : 'No agents are defined: add Markdown files to .codeagent/agents/.';
  return { kind: 'usageError', command: '/agents', message: `No agent named '${name}'. ${available}` };
}

function agentsError(problem: string): SlashCommand {
  return { kind: 'usageError', command: '/agents', message: `${problem}\n${agentsUsage}` };
}

/** First word and the text after it (its own spacing and line breaks kept, leading space dropped). */
function splitFirst(text: string): [string?, string?] {
  const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(text);
  return match ? [match[1], match[2]] : [];
}

function has(knownAgents: KnownAgents, name: string): boolean {
  return 'has' in knownAgents ? knownAgents.has(name) : knownAgents.includes(name);
}
