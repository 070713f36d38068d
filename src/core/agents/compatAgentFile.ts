import { z } from 'zod';
import { splitFrontMatter } from '../rules/frontMatter';
import { agentNamePattern, describeIssues, optionalText, toolListSchema, type AgentSource } from './agentDefinition';
import { emptyBody, withoutUndefined, type ParsedAgentFile } from './agentFile';
import { mapClaudeTools, mapGithubTools, type MappedTools } from './compatToolNames';

/** The keys both formats share; the rest (color, target, handoffs…) is ignored. */
const compatFrontMatterSchema = z
  .object({
    name: z.union([z.string(), z.number()], { error: 'must be a string' }).nullish(),
    description: optionalText,
    tools: toolListSchema,
    model: optionalText,
  }, { error: 'must be a YAML mapping' })
  .nullish();

interface CompatFormat {
  fileSuffix: string;
  mapTools(names: readonly string[]): MappedTools;
  /** A model the format names that CodeAgent cannot pass on; the note says why. */
  unusableModel(model: string): string | undefined;
}

const claudeAliases = new Set(['sonnet', 'opus', 'haiku']);

const claudeFormat: CompatFormat = {
  fileSuffix: '.md',
  mapTools: mapClaudeTools,
  unusableModel: (model) =>
    model === 'inherit' ? '' : claudeAliases.has(model) ? `model '${model}' is a Claude Code alias: the configured model is used` : undefined,
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
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  const data: NonNullable<typeof parsed.data> | Record<string, undefined> = parsed.data ?? {};
  const written = data.name == null ? '' : String(data.name).trim();
  const fromFile = written === '';
  const label = fromFile ? fileStem(source.path, format.fileSuffix) : written;
  const name = agentNameOf(label);
  if (!name) return { ok: false, reason: `name '${label}'${fromFile ? ' (taken from the file name)' : ''} has no letters or digits to call the agent by` };
  const systemPrompt = split.body.trim();
  if (!systemPrompt) return { ok: false, reason: emptyBody };

  const notes: string[] = [];
  const tools = data.tools ? format.mapTools(data.tools) : { notes: [] };
  notes.push(...tools.notes);
  if (tools.allow?.length === 0) notes.push('none of the listed tools exists in CodeAgent: the agent gets no tools');
  let model = data.model;
  const unusable = model === undefined ? undefined : format.unusableModel(model);
  if (unusable !== undefined) {
    if (unusable) notes.push(unusable);
    model = undefined;
  }
  const title = name === label ? undefined : label;
  return {
    ok: true,
    agent: withoutUndefined({ name, title, description: data.description, model, tools: withoutUndefined({ allow: tools.allow }), systemPrompt, source }),
    notes,
  };
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
