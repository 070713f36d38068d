import { clip } from '../tools/textLines';

/** L2 is sent with every request; past this the rules crowd out the conversation. */
export const maxProjectRulesChars = 50_000;
const maxListedDescriptions = 50;
const maxDescriptionChars = 300;
/** Room kept, once a section is cut, for the line naming the omitted ones. */
const omittedLineChars = 500;

export interface RuleSection {
  path: string;
  body: string;
}

export interface DescribedRule {
  path: string;
  description: string;
}

export interface RenderedRules {
  text: string;
  /** Sections that did not fit at all (a partly shown one is truncated in place, not listed). */
  omitted: string[];
}

/**
 * `# Project rules`, then `## <path>` and the body of each section in order, then `## Other rules` with
 * one line per rule offered by description. Bounded to `maxProjectRulesChars`: the section that crosses
 * the bound is cut at a line and marked, later ones are named as omitted. '' when there is nothing.
 */
export function renderProjectRules(sections: readonly RuleSection[], described: readonly DescribedRule[]): RenderedRules {
  if (sections.length === 0 && described.length === 0) return { text: '', omitted: [] };
  const header = '# Project rules';
  const tail = describedSection(described);
  let budget = maxProjectRulesChars - header.length - (tail ? tail.length + 2 : 0);

  const parts = [header];
  const omitted: string[] = [];
  for (const section of sections) {
    const heading = `## ${section.path}\n`;
    const full = heading + section.body;
    if (omitted.length === 0 && full.length + 2 <= budget) {
      parts.push(full);
      budget -= full.length + 2;
      continue;
    }
    const marker = `\n[… truncated: project rules are limited to ${maxProjectRulesChars} characters; read ${section.path} with the Read tool for the rest]`;
    const room = budget - 2 - heading.length - marker.length - omittedLineChars - 2;
    if (omitted.length === 0 && room >= 200) {
      parts.push(heading + cutAtLine(section.body, room) + marker);
      budget = 0;
    } else omitted.push(section.path);
  }
  if (omitted.length > 0) {
    const names = clip(omitted.join(', '), omittedLineChars - 120);
    parts.push(`[Omitted, over the ${maxProjectRulesChars}-character limit: ${names} — read them with the Read tool if relevant]`);
  }
  if (tail) parts.push(tail);
  return { text: parts.join('\n\n'), omitted };
}

function describedSection(described: readonly DescribedRule[]): string {
  if (described.length === 0) return '';
  const lines = described.slice(0, maxListedDescriptions).map((rule) => {
    const oneLine = rule.description.replace(/\s+/g, ' ');
    return `- Rule ${rule.path}: ${clip(oneLine, maxDescriptionChars)} (read it with the Read tool if relevant)`;
  });
  if (described.length > maxListedDescriptions) lines.push(`- (and ${described.length - maxListedDescriptions} more in .codeagent/rules/)`);
  return `## Other rules\n${lines.join('\n')}`;
}

function cutAtLine(text: string, maxChars: number): string {
  const head = text.slice(0, maxChars);
  const lastBreak = head.lastIndexOf('\n');
  return lastBreak > 0 ? head.slice(0, lastBreak) : head;
}
