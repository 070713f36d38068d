import { z } from 'zod';
import skillDoc from '../../../prompts/tools/skill.md';
import { readRuleFile } from '../rules/ruleFileReader';
import { historyRecord } from '../tools/historyRecord';
import { failure, success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import type { SkillCatalog } from './skillCatalog';
import type { Skill } from './skillLoader';

const schema = z.object({
  name: z.string().trim().min(1).describe("The skill's name as listed"),
  file: z.string().trim().min(1).optional().describe("One of the skill's other files, relative to its folder"),
});
type SkillParams = z.infer<typeof schema>;

/** What a successful Skill call leaves in `data`: the narrowing reads it (skillScope). */
export interface SkillResultData {
  name: string;
  allowedTools?: string[];
  file?: string;
}

/** The tool `Skill` (spec §17): a skill's body and its folder's other files, read afresh at each call. */
export function skillTool(catalog: SkillCatalog): ToolDefinition<SkillParams> {
  return {
    name: 'Skill',
    kind: 'control',
    schema,
    doc: skillDoc,
    paramNames: ['name', 'file'],

    async run(params) {
      await catalog.ready();
      const skill = catalog.get(params.name);
      if (!skill) {
        const names = catalog.skills.map((s) => s.name);
        return failure('unknown_skill', `There is no skill named "${params.name}". ${names.length ? `Skills: ${names.join(', ')}.` : 'No skills are loaded.'}`);
      }
      return params.file ? readSkillFile(skill, params.file) : loadBody(skill);
    },

    compress(params, result) {
      if (result.status !== 'success') return historyRecord(result, undefined);
      // The body stays available through the tool; history keeps what was loaded, not the whole text again.
      return historyRecord(result, { ...(result.data as SkillResultData), text: result.text.slice(0, 2000) });
    },
  };
}

async function loadBody(skill: Skill) {
  const file = await readRuleFile(skill.fs, `${skill.dir}/SKILL.md`);
  if (!file.ok) return failure('skill_unreadable', file.problem);
  const body = file.text.replace(/^\uFEFF?---[ \t]*\n[\s\S]*?\n(?:---|\.\.\.)[ \t]*(?:\n|$)/, '').trim();
  const narrowing = skill.allowedTools ? `\nWhile this skill is active (the rest of this message) only these tools run: ${skill.allowedTools.join(', ')}.` : '';
  const files = skill.files.length === 0 ? '' : skill.origin === 'project'
    ? `\n\nOther files of this skill (Read them when you need them):\n${skill.files.map((f) => `- ${skill.folder}/${f}`).join('\n')}`
    : `\n\nOther files of this skill (outside the workspace: call Skill with name "${skill.name}" and file set to one of them):\n${skill.files.map((f) => `- ${f}`).join('\n')}`;
  const data: SkillResultData = { name: skill.name, allowedTools: skill.allowedTools };
  return success(data, `Skill "${skill.name}" loaded from ${skill.folder}/SKILL.md.${narrowing}\n\n${body}${files}`);
}

async function readSkillFile(skill: Skill, file: string) {
  const rel = file.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (!skill.files.includes(rel)) return failure('not_a_skill_file', `"${file}" is not one of the files of skill "${skill.name}": ${skill.files.join(', ') || 'it has none'}.`);
  const read = await readRuleFile(skill.fs, `${skill.dir}/${rel}`);
  if (!read.ok) return failure('skill_unreadable', read.problem);
  const data: SkillResultData = { name: skill.name, file: rel };
  return success(data, `${skill.folder}/${rel}:\n${read.text}`);
}
