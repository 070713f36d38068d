import { ReloadingCatalog } from '../catalog/reloadingCatalog';
import { skillFolders, type LoadedSkills, type Skill, type SkillProblem } from './skillLoader';

/**
 * The skills currently loaded (spec §17); the host reloads it when a skill file changes and at every message, so
 * a load's problems are reported only when they differ from the last ones reported.
 */
export class SkillCatalog extends ReloadingCatalog<LoadedSkills> {
  constructor(load: () => Promise<LoadedSkills>, onProblems: (problems: SkillProblem[]) => void = () => {}) {
    super(load, { skills: [], problems: [] }, { folders: skillFolders.join(', '), onProblems, reportOnlyChanges: true });
  }

  get skills(): readonly Skill[] {
    return this.loaded.skills;
  }

  get(name: string): Skill | undefined {
    return this.loaded.skills.find((skill) => skill.name === name);
  }
}
