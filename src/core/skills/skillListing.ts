import type { Skill } from './skillLoader';

const maxListedSkills = 100;
const maxDescriptionChars = 1024;

/**
 * The L2 section naming each skill by name and description only (spec §17); bodies come through the Skill
 * tool. It depends on the skill files alone, so it is placed before the rules that change as files are
 * touched: the request's prefix up to here stays the same (prompt caching). '' without skills.
 */
export function skillListing(skills: readonly Skill[]): string {
  if (skills.length === 0) return '';
  const lines = skills.slice(0, maxListedSkills).map((skill) => `- ${skill.name}: ${skill.description.slice(0, maxDescriptionChars)}`);
  if (skills.length > maxListedSkills) lines.push(`- (and ${skills.length - maxListedSkills} more not listed)`);
  return `# Skills\nWhen the task matches a skill's description, call the Skill tool with its name first and follow what it says.\n${lines.join('\n')}`;
}
