import { describeIssues } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';
import { splitFrontMatter } from '../rules/frontMatter';
import { agentFrontMatterSchema, frontMatterField, type AgentDefinition, type AgentSource } from './agentDefinition';

/** `notes` and `reason`: in the user's words (spec §20), shown among the agent files' problems. */
export type ParsedAgentFile = { ok: true; agent: AgentDefinition; notes: UserText[] } | { ok: false; reason: UserText };

/** A `.codeagent/agents/*.md` file (project or global): front matter checked, body as the system prompt. */
export function parseAgentFile(text: string, source: AgentSource): ParsedAgentFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, reason: split.error };
  const parsed = agentFrontMatterSchema.safeParse(split.data);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, frontMatterField) };
  const systemPrompt = split.body.trim();
  if (!systemPrompt) return { ok: false, reason: emptyBody };
  const { name, title, description, model, contextMode, tools } = parsed.data;
  return { ok: true, agent: withoutUndefined({ name, title, description, model, contextMode, tools: withoutUndefined(tools), systemPrompt, source }), notes: [] };
}

export const emptyBody: UserText = (l10n) => l10n.t('the body is empty: the text below the front matter is the agent\'s system prompt');

/** Keeps deepEqual in tests and persisted copies free of `key: undefined`. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
