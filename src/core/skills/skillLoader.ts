import { notLoaded, type LoadProblem } from '../catalog/reloadingCatalog';
import type { UserText } from '../ports/translator';
import type { DirEntry, WorkspaceFs } from '../ports/workspaceFs';
import { readRuleFile } from '../rules/ruleFileReader';
import { maxSkillFileBytes, parseSkillFile, type SkillHeader } from './skillFile';

/** Where skills live (spec §17), in precedence order; the same folders under the home directory come after. */
export const skillFolders = ['.codeagent/skills', '.claude/skills', '.github/skills', '.agents/skills'] as const;
const maxSkillsPerFolder = 100;
const maxListedFiles = 50;

export interface Skill extends SkillHeader {
  /** The folder as shown to the model: workspace-relative, or `~/…` for the user's own. */
  folder: string;
  origin: 'project' | 'user';
  /** The folder's other files, relative to it (`reference.md`, `scripts/fill.py`). */
  files: string[];
  /** Reads SKILL.md's body, or one of `files`, afresh. */
  fs: WorkspaceFs;
  /** The folder relative to `fs.root`. */
  dir: string;
}

export type SkillProblem = LoadProblem;

export interface LoadedSkills {
  skills: Skill[];
  problems: SkillProblem[];
}

export interface SkillSources {
  project: WorkspaceFs | undefined;
  /** Rooted at the user's home directory. */
  user?: WorkspaceFs;
}

/**
 * Every `<folder>/<skill>/SKILL.md` of the four skill folders, the project's first, then the user's. A file
 * that is too large, has no or invalid front matter, or reuses a name is reported (file and reason), not loaded.
 */
export async function loadSkills(sources: SkillSources): Promise<LoadedSkills> {
  const roots: { fs: WorkspaceFs; origin: Skill['origin'] }[] = [];
  if (sources.project) roots.push({ fs: sources.project, origin: 'project' });
  if (sources.user && sources.user.root !== sources.project?.root) roots.push({ fs: sources.user, origin: 'user' });
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  for (const { fs, origin } of roots) {
    for (const base of skillFolders) {
      const entries = (await fs.readDir(base).catch((): DirEntry[] => [])).filter((e) => e.type === 'directory').map((e) => e.name).sort();
      for (const name of entries.slice(0, maxSkillsPerFolder)) {
        const dir = `${base}/${name}`;
        const shown = origin === 'user' ? `~/${dir}` : dir;
        const loaded = await loadSkill(fs, dir);
        if (!loaded) continue;
        if (!loaded.ok) {
          problems.push({ file: `${shown}/SKILL.md`, reason: notLoaded(loaded.error) });
          continue;
        }
        const clash = skills.find((s) => s.name === loaded.header.name);
        if (clash) {
          const taken = loaded.header.name;
          problems.push({ file: `${shown}/SKILL.md`, reason: (l10n) => l10n.t('the name "{0}" is already taken by {1}; not loaded', taken, clash.folder) });
          continue;
        }
        skills.push({ ...loaded.header, folder: shown, origin, files: await otherFiles(fs, dir), fs, dir });
      }
    }
  }
  return { skills, problems };
}

async function loadSkill(fs: WorkspaceFs, dir: string): Promise<{ ok: true; header: SkillHeader } | { ok: false; error: UserText } | undefined> {
  const stat = await fs.stat(`${dir}/SKILL.md`).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.size > maxSkillFileBytes) return { ok: false, error: (l10n) => l10n.t('SKILL.md is {0} bytes; at most {1} are read', stat.size, maxSkillFileBytes) };
  const file = await readRuleFile(fs, `${dir}/SKILL.md`);
  if (!file.ok) return { ok: false, error: (l10n) => l10n.t('{0}: not read: {1}', `${dir}/SKILL.md`, file.error) };
  const parsed = parseSkillFile(file.text);
  return parsed.ok ? { ok: true, header: parsed.header } : parsed;
}

/** The folder's files besides SKILL.md, two levels deep, at most 50: what the model may Read when it needs them. */
async function otherFiles(fs: WorkspaceFs, dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    const entries = await fs.readDir(rel ? `${dir}/${rel}` : dir).catch((): DirEntry[] => []);
    for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= maxListedFiles) return;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.type === 'file' && path !== 'SKILL.md') found.push(path);
      else if (entry.type === 'directory' && depth < 2) await walk(path, depth + 1);
    }
  };
  await walk('', 0);
  return found;
}
