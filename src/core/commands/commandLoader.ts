import { readAgentFile } from '../agents/agentFileReader';
import { notLoaded } from '../catalog/reloadingCatalog';
import type { UserText } from '../ports/translator';
import type { DirEntry, WorkspaceFs } from '../ports/workspaceFs';
import { builtInCommandNames, mcpCommandPrefix, type CommandDefinition, type CommandOrigin, type CommandProblem } from './commandDefinition';
import { parseCommandFile } from './commandFile';

/** A folder is read up to this many command files (sub-folders included) and this deep; the rest is reported. */
export const maxCommandFilesPerFolder = 300;
export const maxCommandFolderDepth = 4;

export interface CommandSources {
  project: WorkspaceFs;
  /** Rooted at the user's home directory: `~/.codeagent/commands`, `~/.claude/commands`. */
  user?: WorkspaceFs;
}

export interface LoadedCommands {
  /** Sorted by name. */
  commands: CommandDefinition[];
  problems: CommandProblem[];
}

interface CommandFolder {
  fs: WorkspaceFs;
  dir: string;
  suffix: string;
  origin: CommandOrigin;
  /** Sub-folders namespace (`frontend/test.md` is `frontend:test`); prompt files are read from the folder itself. */
  nested: boolean;
}

/**
 * Spec §17: the slash commands from, in precedence order, `.codeagent/commands`, `~/.codeagent/commands`,
 * `.claude/commands`, `~/.claude/commands` and `.github/prompts/*.prompt.md`. On a name clash the first wins and
 * the other file is reported; a built-in command's name is never taken.
 */
export async function loadCommands(sources: CommandSources): Promise<LoadedCommands> {
  const folders: CommandFolder[] = [];
  const user = sources.user && sources.user.root !== sources.project.root ? sources.user : undefined;
  folders.push({ fs: sources.project, dir: '.codeagent/commands', suffix: '.md', origin: 'project', nested: true });
  if (user) folders.push({ fs: user, dir: '.codeagent/commands', suffix: '.md', origin: 'user', nested: true });
  folders.push({ fs: sources.project, dir: '.claude/commands', suffix: '.md', origin: 'claude', nested: true });
  if (user) folders.push({ fs: user, dir: '.claude/commands', suffix: '.md', origin: 'claudeUser', nested: true });
  folders.push({ fs: sources.project, dir: '.github/prompts', suffix: '.prompt.md', origin: 'github', nested: false });

  const byName = new Map<string, CommandDefinition>();
  const problems: CommandProblem[] = [];
  for (const folder of folders) {
    const found = await commandFiles(folder);
    const { skipped } = found;
    if (skipped) {
      const reason: UserText = (l10n) => l10n.t('{0} more command files not read: at most {1} are read per folder, {2} folders deep', skipped, maxCommandFilesPerFolder, maxCommandFolderDepth);
      problems.push({ file: displayPath(folder, folder.dir), reason });
    }
    for (const rel of found.files) {
      const file = displayPath(folder, rel);
      const text = await readAgentFile(folder.fs, rel, 'command');
      const parsed = text.ok ? parseCommandFile(text.text, { path: file, origin: folder.origin, name: nameOf(folder, rel) }) : text;
      if (!parsed.ok) {
        problems.push({ file, reason: notLoaded(parsed.reason) });
        continue;
      }
      const { name } = parsed.command;
      const taken = takenBy(name, byName);
      if (taken) {
        problems.push({ file, reason: notLoaded(taken) });
        continue;
      }
      byName.set(name, parsed.command);
      for (const note of parsed.notes) problems.push({ file, reason: note });
    }
  }
  const commands = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { commands, problems };
}

/** Why a command's name is not free: a built-in's, an MCP prompt's, or a file's before it. */
function takenBy(name: string, byName: ReadonlyMap<string, CommandDefinition>): UserText | undefined {
  if (builtInCommandNames.includes(name.toLowerCase())) return (l10n) => l10n.t('/{0} is a built-in command, which takes precedence', name);
  if (name.toLowerCase().startsWith(mcpCommandPrefix)) return (l10n) => l10n.t('/{0}… names are MCP servers\' prompts', mcpCommandPrefix);
  const first = byName.get(name)?.source.path;
  return first === undefined ? undefined : (l10n) => l10n.t('/{0} is already defined by {1}, which takes precedence', name, first);
}

async function commandFiles(folder: CommandFolder): Promise<{ files: string[]; skipped: number }> {
  const files: string[] = [];
  let skipped = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await folder.fs.readDir(dir).catch((): DirEntry[] => []);
    for (const entry of [...entries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = `${dir}/${entry.name}`;
      if (entry.type === 'directory') {
        if (!folder.nested || entry.name.startsWith('.')) continue;
        if (depth >= maxCommandFolderDepth) skipped++;
        else await walk(rel, depth + 1);
      } else if ((entry.type === 'file' || entry.type === 'symlink') && entry.name.toLowerCase().endsWith(folder.suffix)) {
        if (files.length < maxCommandFilesPerFolder) files.push(rel);
        else skipped++;
      }
    }
  };
  await walk(folder.dir, 1);
  return { files, skipped };
}

function nameOf(folder: CommandFolder, rel: string): string {
  const inside = rel.slice(folder.dir.length + 1);
  return inside.slice(0, inside.length - folder.suffix.length).split('/').join(':');
}

function displayPath(folder: CommandFolder, rel: string): string {
  return folder.origin === 'user' || folder.origin === 'claudeUser' ? `${folder.fs.root.replace(/\/+$/, '')}/${rel}` : rel;
}
