import { notLoaded, type LoadProblem } from '../catalog/reloadingCatalog';
import type { DirEntry, WorkspaceFs } from '../ports/workspaceFs';
import type { AgentDefinition, AgentOrigin, AgentSource } from './agentDefinition';
import { parseAgentFile, type ParsedAgentFile } from './agentFile';
import { readAgentFile } from './agentFileReader';
import { parseClaudeAgentFile, parseGithubAgentFile } from './compatAgentFile';

export const agentFolder = '.codeagent/agents';
/** A folder is read in name order up to this many files; the rest is reported, not read. */
export const maxAgentFilesPerFolder = 200;

export interface AgentSources {
  project: WorkspaceFs;
  /** Rooted at the user's home directory: `~/.codeagent/agents`. */
  global?: WorkspaceFs;
}

/** A file skipped (the reason ends with "not loaded") or loaded with a caveat (a tool dropped…). */
export type AgentProblem = LoadProblem;

export interface LoadedAgents {
  /** Sorted by name. */
  agents: AgentDefinition[];
  problems: AgentProblem[];
}

interface AgentFolder {
  fs: WorkspaceFs;
  dir: string;
  suffix: string;
  origin: AgentOrigin;
  parse(text: string, source: AgentSource): ParsedAgentFile;
}

/**
 * The named agents (spec §7) from, in precedence order: the project's `.codeagent/agents/*.md`, the global
 * `~/.codeagent/agents/*.md`, then the project's Claude Code (`.claude/agents/*.md`) and GitHub Copilot
 * (`.github/agents/*.agent.md`) agents. On a name clash the first wins and the other file is reported.
 */
export async function loadAgents(sources: AgentSources): Promise<LoadedAgents> {
  const folders: AgentFolder[] = [{ fs: sources.project, dir: agentFolder, suffix: '.md', origin: 'project', parse: parseAgentFile }];
  // A workspace opened at the home directory would otherwise clash with itself file by file.
  if (sources.global && sources.global.root !== sources.project.root) {
    folders.push({ fs: sources.global, dir: agentFolder, suffix: '.md', origin: 'global', parse: parseAgentFile });
  }
  folders.push(
    { fs: sources.project, dir: '.claude/agents', suffix: '.md', origin: 'claude', parse: parseClaudeAgentFile },
    { fs: sources.project, dir: '.github/agents', suffix: '.agent.md', origin: 'github', parse: parseGithubAgentFile },
  );

  const byName = new Map<string, AgentDefinition>();
  const problems: AgentProblem[] = [];
  for (const folder of folders) {
    const { files, skipped } = await agentFiles(folder);
    if (skipped > 0) {
      problems.push({ file: displayPath(folder, folder.dir), reason: (l10n) => l10n.t('{0} more agent files not read: at most {1} are read per folder', skipped, maxAgentFilesPerFolder) });
    }
    for (const rel of files) {
      const file = displayPath(folder, rel);
      const text = await readAgentFile(folder.fs, rel, 'agent');
      const parsed = text.ok ? folder.parse(text.text, { path: file, origin: folder.origin }) : text;
      if (!parsed.ok) {
        problems.push({ file, reason: notLoaded(parsed.reason) });
        continue;
      }
      const winner = byName.get(parsed.agent.name);
      if (winner) {
        const { name } = parsed.agent;
        problems.push({ file, reason: (l10n) => l10n.t('agent \'{0}\' is already defined by {1}, which takes precedence; not loaded', name, winner.source.path) });
        continue;
      }
      byName.set(parsed.agent.name, parsed.agent);
      for (const note of parsed.notes) problems.push({ file, reason: note });
    }
  }
  const agents = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { agents, problems };
}

async function agentFiles(folder: AgentFolder): Promise<{ files: string[]; skipped: number }> {
  const entries = await folder.fs.readDir(folder.dir).catch((): DirEntry[] => []);
  const names = entries
    .filter((e) => (e.type === 'file' || e.type === 'symlink') && e.name.toLowerCase().endsWith(folder.suffix))
    .map((e) => e.name)
    .sort();
  return {
    files: names.slice(0, maxAgentFilesPerFolder).map((name) => `${folder.dir}/${name}`),
    skipped: Math.max(0, names.length - maxAgentFilesPerFolder),
  };
}

/** Project files by their workspace-relative path; global ones by their absolute path, which says where they are. */
function displayPath(folder: AgentFolder, rel: string): string {
  return folder.origin === 'global' ? `${folder.fs.root.replace(/\/+$/, '')}/${rel}` : rel;
}
