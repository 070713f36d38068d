import { z } from 'zod';
import type { ContextMode } from './contextMode';

/** What `@name` at the start of a message can match (agentInvocation.ts uses the same characters). */
export const agentNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const nameRule = 'must be 1 to 64 lowercase letters, digits, "-" or "_", starting with a letter or digit';

export const agentNameSchema = z
  .string({ error: (issue) => (issue.input == null ? 'is required' : 'must be a string') })
  .regex(agentNamePattern, { error: nameRule });

/** `Read, Grep` or `[Read, Grep]`; YAML's empty value (`allow:`) counts as absent. */
export const toolListSchema = z
  .union([z.string(), z.array(z.string())], { error: 'must be a list of tool names (or one comma-separated string)' })
  .nullish()
  .transform((value) => (value == null ? undefined : splitToolList(value)));

export const optionalText = z
  .string({ error: 'must be a string' })
  .nullish()
  .transform((value) => value?.trim() || undefined);

/** Front matter of `.codeagent/agents/*.md`. Unknown keys (kind, color, version…) are ignored. */
export const agentFrontMatterSchema = z.object(
  {
    name: agentNameSchema,
    title: optionalText,
    description: optionalText,
    model: optionalText,
    contextMode: z
      .enum(['isolated', 'shared'], { error: 'must be "isolated" or "shared"' })
      .nullish()
      .transform((value) => value ?? undefined),
    tools: z
      .object({ allow: toolListSchema, deny: toolListSchema }, { error: 'must be an object with "allow" and/or "deny" lists' })
      .nullish()
      .transform((value) => ({ allow: value?.allow, deny: value?.deny })),
  },
  { error: (issue) => (issue.input == null ? 'is missing: an agent file starts with a "---" block holding at least "name"' : 'must be a YAML mapping') },
);

export type AgentOrigin = 'project' | 'global' | 'claude' | 'github';

/** Tool name patterns (`*` wildcards): `allow` absent means every tool; `deny` wins over `allow`. */
export interface AgentToolRules {
  allow?: string[];
  deny?: string[];
}

export interface AgentSource {
  /** Workspace-relative for project files; absolute for global ones. */
  path: string;
  origin: AgentOrigin;
}

export interface AgentDefinition {
  name: string;
  title?: string;
  description?: string;
  model?: string;
  contextMode?: ContextMode;
  tools: AgentToolRules;
  /** The file's body: replaces the base role text of the system prompt. */
  systemPrompt: string;
  source: AgentSource;
}

/** `front matter: …` or `tools.allow: …`, joined: one human line per schema issue. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'front matter'} ${i.message}`).join('; ');
}

function splitToolList(value: string | string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((s) => s.trim()).filter((s) => s !== '');
}
