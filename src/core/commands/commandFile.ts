import { z } from 'zod';
import { frontMatterField, toolListSchema, type AgentToolRules } from '../agents/agentDefinition';
import { claudeAliasNote } from '../agents/compatAgentFile';
import { mapClaudeTools, mapGithubTools, type MappedTools } from '../agents/compatToolNames';
import { describeIssues, schemaMessage } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';
import { maxFrontMatterChars, splitFrontMatter } from '../rules/frontMatter';
import type { CommandDefinition, CommandOrigin } from './commandDefinition';
import { quoteLooseScalars } from './looseScalars';

const text = z
  .union([z.string(), z.number(), z.boolean()], { error: schemaMessage('mustBeString') })
  .nullish()
  .transform((value) => (value == null ? undefined : String(value).trim() || undefined));

/** Claude Code's and Copilot's keys together; the others (disable-model-invocation…) are ignored. */
const commandFrontMatterSchema = z
  .object({
    name: text,
    description: text,
    'argument-hint': text,
    agent: text,
    mode: text,
    model: text,
    'allowed-tools': toolListSchema,
    tools: toolListSchema,
  }, { error: schemaMessage('mustBeMapping') })
  .nullish();

/** `notes` and `reason`: in the user's words (spec §20), shown among the command files' problems. */
export type ParsedCommandFile = { ok: true; command: CommandDefinition; notes: UserText[] } | { ok: false; reason: UserText };

const claudeModelAliases = new Set(['sonnet', 'opus', 'haiku', 'inherit']);
/** Copilot's ask mode answers without changing anything. */
const readingTools = ['Read', 'LS', 'Glob', 'Grep'];

/** One command file: `name` is the one its path gives (`frontend:test`); a prompt file's `name` key may replace it. */
export function parseCommandFile(source: string, file: { path: string; origin: CommandOrigin; name: string }): ParsedCommandFile {
  const split = splitFrontMatter(quoteLooseScalars(source, maxFrontMatterChars));
  if (!split.ok) return { ok: false, reason: split.error };
  const parsed = commandFrontMatterSchema.safeParse(split.data);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, frontMatterField) };
  const data: Partial<NonNullable<typeof parsed.data>> = parsed.data ?? {};
  const body = split.body.trim();
  if (!body) return { ok: false, reason: (l10n) => l10n.t('the body is empty: the text below the front matter is the prompt the command sends') };
  const github = file.origin === 'github';
  const notes: UserText[] = [];

  const name = github && data.name ? data.name : file.name;
  if (!commandNamePattern.test(name) || name.length > maxCommandNameLength) {
    return { ok: false, reason: (l10n) => l10n.t('\'{0}\' cannot be typed as a command: use letters, digits, \'-\', \'_\' and \'.\'', name) };
  }

  const listed = data['allowed-tools'] ?? data.tools;
  const mapped: MappedTools = listed ? (github ? mapGithubTools(listed) : mapClaudeTools(listed)) : { notes: [] };
  notes.push(...mapped.notes);
  let allow = mapped.allow;
  if (allow?.length === 0) notes.push((l10n) => l10n.t('none of the listed tools exists in CodeAgent: the command runs without tools'));

  let agent = data.agent ?? data.mode;
  if (agent === 'ask') allow = allow ? allow.filter((tool) => readingTools.includes(tool)) : readingTools;
  if (agent === 'ask' || agent === 'agent' || agent === 'edit') agent = undefined;

  let model = data.model;
  if (model && github) {
    const picked = model;
    notes.push((l10n) => l10n.t('model \'{0}\' is a name in Copilot\'s model picker: the configured model is used', picked));
    model = undefined;
  } else if (model && claudeModelAliases.has(model)) {
    if (model !== 'inherit') notes.push(claudeAliasNote(model));
    model = undefined;
  }
  const tools: AgentToolRules | undefined = allow ? { allow } : undefined;
  const command: CommandDefinition = { name, body, source: { path: file.path, origin: file.origin } };
  if (data.description) command.description = data.description;
  if (data['argument-hint']) command.argumentHint = data['argument-hint'];
  if (agent) command.agent = agent;
  if (model) command.model = model;
  if (tools) command.tools = tools;
  return { ok: true, command, notes };
}

/** `explain`, `frontend:test`, `release.notes`: what `/` can be followed by, up to 100 characters. */
export const commandNamePattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(?::[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;
export const maxCommandNameLength = 100;
