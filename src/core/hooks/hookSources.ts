import type { WorkspaceFs } from '../ports/workspaceFs';
import { errorMessage } from '../errorMessage';
import type { UserText } from '../ports/translator';
import { maxHookFileChars, parseHookFile, type HookEntry } from './hookConfig';

export const workspaceHookFiles = ['.claude/settings.json', '.claude/settings.local.json', '.codeagent/hooks.json'] as const;
export const userHookFiles = ['.claude/settings.json', '.codeagent/hooks.json'] as const;

export interface LoadedHooks {
  /** Run only once the user allowed exactly this list (trust/hookTrust). */
  workspace: HookEntry[];
  /** The user's own (`~/.claude/settings.json`, `~/.codeagent/hooks.json`): run without asking. */
  user: HookEntry[];
  /** A file refused (and why) or a part of one ignored, one line each, in the user's words (spec §20). */
  problems: UserText[];
}

export async function loadHooks(sources: { project: WorkspaceFs | undefined; user: WorkspaceFs | undefined }): Promise<LoadedHooks> {
  const problems: UserText[] = [];
  const read = async (fs: WorkspaceFs | undefined, files: readonly string[], shown: (file: string) => string) => {
    const hooks: HookEntry[] = [];
    if (!fs) return hooks;
    for (const path of files) {
      const source = shown(path);
      try {
        const stat = await fs.stat(path);
        if (!stat || stat.type !== 'file') continue;
        if (stat.size > maxHookFileChars) {
          const size = stat.size;
          problems.push((l10n) => l10n.t('{0}: not read: the file is {1} bytes; at most {2} are read; its hooks do not run', source, size, maxHookFileChars));
          continue;
        }
        const parsed = parseHookFile(await fs.readFile(path), source);
        if (!parsed.ok) {
          const { error } = parsed;
          problems.push((l10n) => l10n.t('{0}: {1}; its hooks do not run', source, error(l10n)));
        } else {
          hooks.push(...parsed.hooks);
          problems.push(...parsed.problems);
        }
      } catch (error) {
        const message = errorMessage(error);
        problems.push((l10n) => l10n.t('{0}: not read: {1}', source, message));
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
