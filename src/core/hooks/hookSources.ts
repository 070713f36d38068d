import type { WorkspaceFs } from '../ports/workspaceFs';
import { errorMessage } from '../errorMessage';
import { maxHookFileChars, parseHookFile, type HookEntry } from './hookConfig';

export const workspaceHookFiles = ['.claude/settings.json', '.claude/settings.local.json', '.codeagent/hooks.json'] as const;
export const userHookFiles = ['.claude/settings.json', '.codeagent/hooks.json'] as const;

export interface LoadedHooks {
  /** Run only once the user allowed exactly this list (trust/hookTrust). */
  workspace: HookEntry[];
  /** The user's own (`~/.claude/settings.json`, `~/.codeagent/hooks.json`): run without asking. */
  user: HookEntry[];
  /** A file refused (and why) or a part of one ignored, one line each. */
  problems: string[];
}

export async function loadHooks(sources: { project: WorkspaceFs | undefined; user: WorkspaceFs | undefined }): Promise<LoadedHooks> {
  const problems: string[] = [];
  const read = async (fs: WorkspaceFs | undefined, files: readonly string[], shown: (file: string) => string) => {
    const hooks: HookEntry[] = [];
    if (!fs) return hooks;
    for (const path of files) {
      const source = shown(path);
      try {
        const stat = await fs.stat(path);
        if (!stat || stat.type !== 'file') continue;
        if (stat.size > maxHookFileChars) {
          problems.push(`${source}: not read: the file is ${stat.size} bytes; at most ${maxHookFileChars} are read; its hooks do not run`);
          continue;
        }
        const parsed = parseHookFile(await fs.readFile(path), source);
        if (!parsed.ok) problems.push(`${source}: ${parsed.error}; its hooks do not run`);
        else {
          hooks.push(...parsed.hooks);
          problems.push(...parsed.problems);
        }
      } catch (error) {
        problems.push(`${source}: not read: ${errorMessage(error)}`);
      }
    }
    return hooks;
  };
  const sameRoot = sources.user && sources.project && sources.user.root === sources.project.root;
  const workspace = await read(sources.project, workspaceHookFiles, (f) => f);
  // A workspace opened at the home directory: its files are the workspace's, asked about as such.
  const user = sameRoot ? [] : await read(sources.user, userHookFiles, (f) => `~/${f}`);
  return { workspace, user, problems };
}
