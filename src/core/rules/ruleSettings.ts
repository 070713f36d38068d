import { z } from 'zod';

/** Front matter of `.codeagent/rules/*.md`, in Cursor's vocabulary; empty keys (`globs:`) count as absent. */
const ruleFrontMatterSchema = z
  .object({
    description: z.string().nullish(),
    globs: z.union([z.string(), z.array(z.string())]).nullish(),
    alwaysApply: z.boolean().nullish(),
  })
  .nullish();

export interface RuleSettings {
  description?: string;
  globs: string[];
  alwaysApply?: boolean;
  /** True when the front matter sets none of the three keys (or the file has none). */
  unconfigured: boolean;
}

export type ParsedRuleSettings = { ok: true; settings: RuleSettings } | { ok: false; error: string };

export function parseRuleSettings(data: unknown): ParsedRuleSettings {
  const parsed = ruleFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'front matter'}: ${i.message}`);
    return { ok: false, error: issues.join('; ') };
  }
  const value = parsed.data ?? {};
  const description = value.description?.trim() || undefined;
  const globs = (typeof value.globs === 'string' ? splitGlobList(value.globs) : (value.globs ?? []))
    .map((g) => g.trim())
    .filter((g) => g !== '');
  const alwaysApply = value.alwaysApply ?? undefined;
  return {
    ok: true,
    settings: { description, globs, alwaysApply, unconfigured: description === undefined && globs.length === 0 && alwaysApply === undefined },
  };
}

/** `"src/**\/*.ts, *.{md,mdx}"` → two globs: commas inside `{…}` belong to the glob. */
export function splitGlobList(list: string): string[] {
  const globs: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    if (c === ',' && depth === 0) {
      globs.push(current);
      current = '';
    } else current += c;
  }
  globs.push(current);
  return globs;
}
