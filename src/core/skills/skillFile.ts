import { z } from 'zod';
import { frontMatterField } from '../agents/agentDefinition';
import { describeIssues, schemaMessage } from '../catalog/schemaIssues';
import type { UserText } from '../ports/translator';
import { splitFrontMatter } from '../rules/frontMatter';

/** A SKILL.md is instructions; past this it is not a skill but a payload. */
export const maxSkillFileBytes = 256 * 1024;

/**
 * Claude Code's Agent Skills front matter: `name` (lowercase letters, digits and hyphens, at most 64),
 * `description` (what it does and when to use it, at most 1024), `allowed-tools` (a comma-separated string
 * or a list). Other keys (`license`, `metadata`…) are allowed and ignored.
 */
const skillFrontMatter = z.looseObject({
  name: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, schemaMessage('skillName')).max(64),
  description: z.string().trim().min(1, schemaMessage('isEmpty')).max(1024),
  'allowed-tools': z.union([z.string(), z.array(z.string())]).nullish(),
});

export interface SkillHeader {
  name: string;
  description: string;
  /** Undefined: the skill narrows nothing. */
  allowedTools?: string[];
}

/** `error`: in the user's words (spec §20), shown among the skill files' problems. */
export type ParsedSkillFile = { ok: true; header: SkillHeader; body: string } | { ok: false; error: UserText };

export function parseSkillFile(text: string): ParsedSkillFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return split;
  if (split.data === undefined) return { ok: false, error: (l10n) => l10n.t('no front matter: a SKILL.md starts with --- and sets name and description') };
  const parsed = skillFrontMatter.safeParse(split.data);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, frontMatterField) };
  const raw = parsed.data['allowed-tools'];
  const allowedTools = raw === undefined || raw === null ? undefined : [...new Set((typeof raw === 'string' ? splitToolList(raw) : raw).map(toolNameOf).filter((t) => t !== ''))];
  return { ok: true, header: { name: parsed.data.name, description: parsed.data.description.replace(/\s+/g, ' '), allowedTools }, body: split.body };
}

/** `Read, Grep` or `Bash(git status:*) Read` (the Agent Skills spec separates by spaces): commas and spaces inside `(…)` belong to the entry. */
function splitToolList(list: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      entries.push(current);
      current = '';
    } else current += c;
  }
  entries.push(current);
  return entries;
}

/** `Bash(git add:*)` narrows to the tool Bash; the pattern inside is not enforced (docs/security.md). */
function toolNameOf(entry: string): string {
  return entry.trim().replace(/\(.*$/s, '').trim();
}
