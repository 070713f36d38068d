import { z } from 'zod';
import { schemaMessage } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';
import type { ContextMode } from './contextMode';

/** What `@name` at the start of a message can match (agentInvocation.ts uses the same characters). */
export const agentNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const agentNameSchema = z
  .string({ error: (issue) => schemaMessage(issue.input == null ? 'isRequired' : 'mustBeString') })
  .regex(agentNamePattern, { error: schemaMessage('agentName') });

/** `Read, Grep` or `[Read, Grep]`; YAML's empty value (`allow:`) counts as absent. */
export const toolListSchema = z
  .union([z.string(), z.array(z.string())], { error: schemaMessage('toolList') })
  .nullish()
  .transform((value) => (value == null ? undefined : splitToolList(value)));

export const optionalText = z
  .string({ error: schemaMessage('mustBeString') })
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
      .enum(['isolated', 'shared'], { error: schemaMessage('contextMode') })
      .nullish()
      .transform((value) => value ?? undefined),
    tools: z
      .object({ allow: toolListSchema, deny: toolListSchema }, { error: schemaMessage('toolRules') })
      .nullish()
      .transform((value) => ({ allow: value?.allow, deny: value?.deny })),
  },
  { error: (issue) => schemaMessage(issue.input == null ? 'agentHeader' : 'mustBeMapping') },
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

/** What a front matter issue without a path is about. */
export const frontMatterField: UserText = (l10n) => l10n.t('front matter');

function splitToolList(value: string | string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((s) => s.trim()).filter((s) => s !== '');
}
