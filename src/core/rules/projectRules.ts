import type { DirEntry, WorkspaceFs } from '../ports/workspaceFs';
import { decideRule } from './ruleApplicability';
import { parseRuleFile } from './ruleFile';
import { readRuleFile } from './ruleFileReader';
import { renderProjectRules, type DescribedRule, type RuleSection } from './projectRulesText';
import { findRootRuleFile } from './rootRuleFile';
import { errorMessage } from '../errorMessage';
import { allInstructionFiles, alwaysOnInstructionFiles, copilotInstructionFiles, nestedInstructionFiles, parseCopilotInstructionFile, type InstructionFileSwitches, type InstructionReason } from './instructionFiles';
import type { ParsedRuleFile } from './ruleFile';

export const ruleFolder = '.codeagent/rules';

export type RuleReason = 'code_law' | 'agents_md' | 'always' | 'glob' | 'description' | InstructionReason;

export interface ProjectRules {
  /** The L2 block (spec §6): '' when the workspace has no rules. */
  text: string;
  /** What went into `text`, in order, and why. */
  sources: { path: string; reason: RuleReason }[];
  /** Rule files that were skipped (invalid front matter, unreadable, over the size bound), one line each. */
  problems: string[];
}

export interface ProjectRulesOptions {
  /** Workspace-relative (or absolute inside the workspace) paths the conversation has read, edited or mentioned; glob rules apply to these. */
  touchedPaths: readonly string[];
  /** Spec §17: which of the ecosystem's instruction files are read; all of them when absent. */
  instructionFiles?: InstructionFileSwitches;
}

/**
 * Layer L2: root `CODE_LAW.md` (seed 001 §C5) and `AGENTS.md`, any letter case, then `.codeagent/rules/*.md`
 * by file name, each included by its front matter. Read afresh at every context build; never stored in history.
 */
export async function loadProjectRules(fs: WorkspaceFs, options: ProjectRulesOptions): Promise<ProjectRules> {
  const sections: RuleSection[] = [];
  const described: DescribedRule[] = [];
  const sources: ProjectRules['sources'] = [];
  const problems: string[] = [];

  const rootEntries = await fs.readDir('.').catch((): DirEntry[] => []);
  for (const [canonical, reason] of [['CODE_LAW.md', 'code_law'], ['AGENTS.md', 'agents_md']] as const) {
    const path = findRootRuleFile(rootEntries, canonical);
    if (!path) continue;
    const file = await readRuleFile(fs, path);
    if (!file.ok) problems.push(file.problem);
    else if (file.text.trim()) {
      sections.push({ path, body: file.text.trim() });
      sources.push({ path, reason });
    }
  }

  const switches = options.instructionFiles ?? allInstructionFiles;
  for (const { path, reason } of alwaysOnInstructionFiles(switches)) {
    if ((await fs.stat(path).catch(() => undefined))?.type !== 'file') continue;
    const file = await readRuleFile(fs, path);
    if (!file.ok) problems.push(file.problem);
    else if (file.text.trim()) {
      sections.push({ path, body: file.text.trim() });
      sources.push({ path, reason });
    }
  }

  const touched = options.touchedPaths.map((p) => withinRoot(fs.root, p));
  const globbed = [
    ...(await ruleFiles(fs)).map((path) => ({ path, parse: parseRuleFile })),
    ...(switches.copilot ? await copilotInstructionFiles(fs) : []).map((path) => ({ path, parse: parseCopilotInstructionFile as (text: string) => ParsedRuleFile })),
  ];
  for (const { path, parse } of globbed) {
    const file = await readRuleFile(fs, path);
    if (!file.ok) {
      problems.push(file.problem);
      continue;
    }
    const rule = parse(file.text);
    if (!rule.ok) {
      problems.push(`${path}: invalid front matter, rule skipped: ${rule.error}`);
      continue;
    }
    const decision = decideRule(rule.settings, touched);
    if (decision.include === 'never') {
      if (decision.problem) problems.push(`${path}: ${decision.problem}`);
    } else if (decision.include === 'description') {
      described.push({ path, description: decision.description });
    } else if (rule.body.trim()) {
      sections.push({ path, body: rule.body.trim() });
      sources.push({ path, reason: decision.include });
    }
  }

  for (const path of await nestedInstructionFiles(fs, touched, switches)) {
    const file = await readRuleFile(fs, path);
    if (!file.ok) problems.push(file.problem);
    else if (file.text.trim()) {
      sections.push({ path, body: file.text.trim() });
      sources.push({ path, reason: 'nested' });
    }
  }

  const rendered = renderProjectRules(sections, described);
  for (const rule of described) sources.push({ path: rule.path, reason: 'description' });
  for (const path of rendered.omitted) problems.push(`${path}: omitted, the project rules exceed the size limit`);
  const omitted = new Set(rendered.omitted);
  return { text: rendered.text, sources: sources.filter((s) => !omitted.has(s.path)), problems };
}

async function ruleFiles(fs: WorkspaceFs): Promise<string[]> {
  const entries = await fs.readDir(ruleFolder).catch((): DirEntry[] => []);
  return entries
    .filter((e) => (e.type === 'file' || e.type === 'symlink') && e.name.toLowerCase().endsWith('.md'))
    .map((e) => `${ruleFolder}/${e.name}`)
    .sort();
}

function withinRoot(root: string, path: string): string {
  const posix = path.replace(/\\/g, '/');
  const prefix = root.replace(/\/+$/, '') + '/';
  return posix.startsWith(prefix) ? posix.slice(prefix.length) : posix;
}

/** The rules' text for a turn (L2); every problem goes to `onProblem`, and rules that cannot be read at all give none. */
export async function projectRulesText(fs: WorkspaceFs, touchedPaths: readonly string[], onProblem: ((message: string) => void) | undefined, instructionFiles?: InstructionFileSwitches): Promise<string> {
  try {
    const rules = await loadProjectRules(fs, { touchedPaths, instructionFiles });
    for (const problem of rules.problems) onProblem?.(problem);
    return rules.text;
  } catch (error) {
    onProblem?.(`Project rules could not be read: ${errorMessage(error)}`);
    return '';
  }
}
