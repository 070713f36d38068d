import type { WorkspaceFs } from '../ports/workspaceFs';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { errorMessage } from '../errorMessage';
import type { UserText } from '../ports/translator';

/** Agent files are prompts, not data: anything larger is a mistake, and would crowd the context window. */
export const maxAgentFileBytes = 256 * 1024;

export type AgentFileText = { ok: true; text: string } | { ok: false; reason: UserText };

/** An agent file's text, '\n' line ends; refuses a symbolic link leading out of `fs`'s root and huge files. */
export async function readAgentFile(fs: WorkspaceFs, path: string, kind: 'agent' | 'command' = 'agent'): Promise<AgentFileText> {
  try {
    const confined = await resolveWorkspacePath(fs, path);
    const stat = await fs.stat(confined);
    if (!stat || stat.type !== 'file') return { ok: false, reason: (l10n) => l10n.t('not a readable file') };
    if (stat.size > maxAgentFileBytes) {
      const [kb, limit] = [Math.ceil(stat.size / 1024), maxAgentFileBytes / 1024];
      return {
        ok: false,
        reason: (l10n) => (kind === 'agent'
          ? l10n.t('the file is {0} KB; agent files over {1} KB are not read', kb, limit)
          : l10n.t('the file is {0} KB; command files over {1} KB are not read', kb, limit)),
      };
    }
    return { ok: true, text: (await fs.readFile(confined)).replace(/\r\n/g, '\n') };
  } catch (error) {
    const message = errorMessage(error);
    return { ok: false, reason: (l10n) => l10n.t('not read: {0}', message) };
  }
}
