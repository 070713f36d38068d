import { z } from 'zod';
import { describeIssues, schemaMessage } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';
import { splitFrontMatter } from '../rules/frontMatter';
import { agentNamePattern, frontMatterField, optionalText, toolListSchema, type AgentSource } from './agentDefinition';
import { emptyBody, withoutUndefined, type ParsedAgentFile } from './agentFile';
import { mapClaudeTools, mapGithubTools, type MappedTools } from './compatToolNames';

/** The keys both formats share; the rest (color, target, handoffs…) is ignored. */
const compatFrontMatterSchema = z
  .object({
    name: z.union([z.string(), z.number()], { error: schemaMessage('mustBeString') }).nullish(),
    description: optionalText,
    tools: toolListSchema,
    model: optionalText,
  }, { error: schemaMessage('mustBeMapping') })
  .nullish();

interface CompatFormat {
  fileSuffix: string;
  mapTools(names: readonly string[]): MappedTools;
  /** A model the format names that CodeAgent cannot pass on: dropped, with a note saying why when there is one. */
  unusableModel(model: string): { note?: UserText } | undefined;
}

const claudeAliases = new Set(['sonnet', 'opus', 'haiku']);

const claudeFormat: CompatFormat = {
  fileSuffix: '.md',
  mapTools: mapClaudeTools,
  unusableModel: (model) =>
    model === 'inherit' ? {} : claudeAliases.has(model) ? { note: claudeAliasNote(model) } : undefined,
};

const githubFormat: CompatFormat = { fileSuffix: '.agent.md', mapTools: mapGithubTools, unusableModel: () => undefined };

/** `.claude/agents/*.md`: a Claude Code subagent (`name`, `description`, `tools`, `model`). */
export function parseClaudeAgentFile(text: string, source: AgentSource): ParsedAgentFile {
  return parseCompatAgentFile(text, source, claudeFormat);
}

/** `.github/agents/*.agent.md`: a GitHub Copilot custom agent; `name` defaults to the file name. */
export function parseGithubAgentFile(text: string, source: AgentSource): ParsedAgentFile {
  return parseCompatAgentFile(text, source, githubFormat);
}

function parseCompatAgentFile(text: string, source: AgentSource, format: CompatFormat): ParsedAgentFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, reason: split.error };
  const parsed = compatFrontMatterSchema.safeParse(split.data);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, frontMatterField) };
  const data: NonNullable<typeof parsed.data> | Record<string, undefined> = parsed.data ?? {};
  const written = data.name == null ? '' : String(data.name).trim();
  const fromFile = written === '';
  const label = fromFile ? fileStem(source.path, format.fileSuffix) : written;
  const name = agentNameOf(label);
  if (!name) {
    const reason: UserText = (l10n) => (fromFile
      ? l10n.t('name \'{0}\' (taken from the file name) has no letters or digits to call the agent by', label)
      : l10n.t('name \'{0}\' has no letters or digits to call the agent by', label));
    return { ok: false, reason };
  }
  const systemPrompt = split.body.trim();
  if (!systemPrompt) return { ok: false, reason: emptyBody };

  const notes: UserText[] = [];
  const tools = data.tools ? format.mapTools(data.tools) : { notes: [] };
  notes.push(...tools.notes);
  if (tools.allow?.length === 0) notes.push((l10n) => l10n.t('none of the listed tools exists in CodeAgent: the agent gets no tools'));
  let model = data.model;
  const unusable = model === undefined ? undefined : format.unusableModel(model);
  if (unusable !== undefined) {
    if (unusable.note) notes.push(unusable.note);
    model = undefined;
  }
  const title = name === label ? undefined : label;
  return {
    ok: true,
    agent: withoutUndefined({ name, title, description: data.description, model, tools: withoutUndefined({ allow: tools.allow }), systemPrompt, source }),
    notes,
  };
}

/** A Claude Code model alias (sonnet, opus, haiku) names no model an OpenAI-compatible endpoint serves. */
export function claudeAliasNote(model: string): UserText {
  return (l10n) => l10n.t('model \'{0}\' is a Claude Code alias: the configured model is used', model);
}

/** `Security Reviewer` → `security-reviewer`: compatibility formats allow display names that `@` cannot type. */
function agentNameOf(label: string): string | undefined {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 64);
  return agentNamePattern.test(slug) ? slug : undefined;
}

function fileStem(path: string, suffix: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.toLowerCase().endsWith(suffix) ? base.slice(0, base.length - suffix.length) : base;
}
