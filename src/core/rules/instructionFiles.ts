import type { DirEntry, WorkspaceFs } from '../ports/workspaceFs';
import { splitFrontMatter } from './frontMatter';
import { splitGlobList, type RuleSettings } from './ruleSettings';
import { english } from '../ports/translator';

/** Spec §17: which of the ecosystem's instruction files are read (`codeagent.context.instructionFiles`). */
export interface InstructionFileSwitches {
  claude: boolean;
  copilot: boolean;
  nestedAgents: boolean;
}

export const allInstructionFiles: InstructionFileSwitches = { claude: true, copilot: true, nestedAgents: true };

export type InstructionReason = 'claude_md' | 'copilot' | 'nested';

/** Whole files always in L2, after CODE_LAW.md and AGENTS.md: Claude Code's memory files, Copilot's repository instructions. */
export function alwaysOnInstructionFiles(switches: InstructionFileSwitches): { path: string; reason: InstructionReason }[] {
  return [
    ...(switches.claude ? [{ path: 'CLAUDE.md', reason: 'claude_md' as const }, { path: '.claude/CLAUDE.md', reason: 'claude_md' as const }] : []),
    ...(switches.copilot ? [{ path: '.github/copilot-instructions.md', reason: 'copilot' as const }] : []),
  ];
}

export const copilotInstructionsFolder = '.github/instructions';

export async function copilotInstructionFiles(fs: WorkspaceFs): Promise<string[]> {
  const entries = await fs.readDir(copilotInstructionsFolder).catch((): DirEntry[] => []);
  return entries
    .filter((e) => (e.type === 'file' || e.type === 'symlink') && e.name.toLowerCase().endsWith('.instructions.md'))
    .map((e) => `${copilotInstructionsFolder}/${e.name}`)
    .sort();
}

export type ParsedInstructionFile = { ok: true; settings: RuleSettings; body: string } | { ok: false; error: string };

/**
 * A Copilot `*.instructions.md`: `applyTo` globs (a comma-separated string) play the part of `globs`;
 * `applyTo: "**"` is always on; without `applyTo` Copilot applies it only when attached by hand, so here it is
 * listed by its description (or not at all).
 */
export function parseCopilotInstructionFile(text: string): ParsedInstructionFile {
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, error: split.error(english) };
  const data = split.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) return { ok: false, error: 'the front matter is not a set of keys' };
  const record = data as Record<string, unknown>;
  const applyTo = record.applyTo;
  const description = record.description;
  if (applyTo !== undefined && applyTo !== null && typeof applyTo !== 'string' && !Array.isArray(applyTo)) return { ok: false, error: 'applyTo: expected a comma-separated string of globs' };
  if (description !== undefined && description !== null && typeof description !== 'string') return { ok: false, error: 'description: expected a string' };
  const globs = (typeof applyTo === 'string' ? splitGlobList(applyTo) : Array.isArray(applyTo) ? applyTo.map(String) : []).map((g) => g.trim()).filter((g) => g !== '');
  const alwaysApply = globs.some((glob) => glob === '**' || glob === '**/*') || undefined;
  return { ok: true, settings: { description: description?.trim() || undefined, globs, alwaysApply, unconfigured: false }, body: split.body };
}

const nestedNames = (switches: InstructionFileSwitches): string[] => (switches.nestedAgents ? ['AGENTS.md', ...(switches.claude ? ['CLAUDE.md'] : [])] : []);

/**
 * `AGENTS.md` / `CLAUDE.md` in the sub-folders above the files the conversation touched (read, edited,
 * mentioned), outermost first: they apply once the agent works under their folder. The root's own are not here.
 */
export async function nestedInstructionFiles(fs: WorkspaceFs, touchedPaths: readonly string[], switches: InstructionFileSwitches): Promise<string[]> {
  const names = nestedNames(switches);
  if (names.length === 0) return [];
  const folders = new Set<string>();
  for (const path of touchedPaths) {
    const parts = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').split('/').filter((p) => p !== '' && p !== '.');
    if (parts.includes('..')) continue;
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  const found: string[] = [];
  for (const folder of [...folders].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
    const entries = await fs.readDir(folder).catch((): DirEntry[] => []);
    for (const name of names) {
      const entry = entries.find((e) => (e.type === 'file' || e.type === 'symlink') && e.name === name);
      if (entry) found.push(`${folder}/${entry.name}`);
    }
  }
  return found;
}
