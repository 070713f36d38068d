import { splitFrontMatter } from '../rules/frontMatter';
import { agentFrontMatterSchema, describeIssues, type AgentDefinition, type AgentSource } from './agentDefinition';

export type ParsedAgentFile = { ok: true; agent: AgentDefinition; notes: string[] } | { ok: false; reason: string };

/** A `.codeagent/agents/*.md` file (project or global): front matter checked, body as the system prompt. */
export function parseAgentFile(text: string, source: AgentSource): ParsedAgentFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, reason: split.error };
  const parsed = agentFrontMatterSchema.safeParse(split.data);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  const systemPrompt = split.body.trim();
  if (!systemPrompt) return { ok: false, reason: emptyBody };
  const { name, title, description, model, contextMode, tools } = parsed.data;
  return { ok: true, agent: withoutUndefined({ name, title, description, model, contextMode, tools: withoutUndefined(tools), systemPrompt, source }), notes: [] };
}

export const emptyBody = 'the body is empty: the text below the front matter is the agent\'s system prompt';

/** Keeps deepEqual in tests and persisted copies free of `key: undefined`. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
