import { errorMessage } from '../errorMessage';
import type { LoadedSkills, Skill, SkillProblem } from './skillLoader';

/** The skills currently loaded (spec §17); the host reloads it when a skill file changes. */
export class SkillCatalog {
  private loaded: LoadedSkills = { skills: [], problems: [] };
  private loading: Promise<LoadedSkills> | undefined;
  private reported = '';

  constructor(private readonly load: () => Promise<LoadedSkills>, private readonly onProblems: (problems: SkillProblem[]) => void = () => {}) {}

  /** Loads again; problems are reported when they differ from the last ones reported (a reload per turn repeats nothing). */
  reload(): Promise<LoadedSkills> {
    const loading = this.load().then(
      (loaded) => {
        this.loaded = loaded;
        const problems = JSON.stringify(loaded.problems);
        if (problems !== this.reported) {
          this.reported = problems;
          if (loaded.problems.length) this.onProblems(loaded.problems);
        }
        return loaded;
      },
      (error: unknown) => {
        this.onProblems([{ file: '(skill folders)', reason: errorMessage(error) }]);
        return this.loaded;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** The latest load, waiting for one in flight. */
  async ready(): Promise<readonly Skill[]> {
    return ((await this.loading) ?? this.loaded).skills;
  }

  get skills(): readonly Skill[] {
    return this.loaded.skills;
  }

  get(name: string): Skill | undefined {
    return this.loaded.skills.find((skill) => skill.name === name);
  }
}
