import { english } from '../ports/translator';
import { splitFrontMatter } from './frontMatter';
import { parseRuleSettings, type RuleSettings } from './ruleSettings';

export type ParsedRuleFile = { ok: true; settings: RuleSettings; body: string } | { ok: false; error: string };

/** A `.codeagent/rules/*.md` file: its front matter checked, its body without it. */
export function parseRuleFile(text: string): ParsedRuleFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, error: split.error(english) };
  const parsed = parseRuleSettings(split.data);
  if (!parsed.ok) return parsed;
  return { ok: true, settings: parsed.settings, body: split.body };
}
