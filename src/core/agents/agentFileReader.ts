import type { WorkspaceFs } from '../ports/workspaceFs';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { errorMessage } from '../errorMessage';

/** Agent files are prompts, not data: anything larger is a mistake, and would crowd the context window. */
export const maxAgentFileBytes = 256 * 1024;

export type AgentFileText = { ok: true; text: string } | { ok: false; reason: string };

/** An agent file's text, '\n' line ends; refuses a symbolic link leading out of `fs`'s root and huge files. */
export async function readAgentFile(fs: WorkspaceFs, path: string, kind = 'agent files'): Promise<AgentFileText> {
  try {
    const confined = await resolveWorkspacePath(fs, path);
    const stat = await fs.stat(confined);
    if (!stat || stat.type !== 'file') return { ok: false, reason: 'not a readable file' };
    if (stat.size > maxAgentFileBytes) {
      return { ok: false, reason: `the file is ${Math.ceil(stat.size / 1024)} KB; ${kind} over ${maxAgentFileBytes / 1024} KB are not read` };
    }
    return { ok: true, text: (await fs.readFile(confined)).replace(/\r\n/g, '\n') };
  } catch (error) {
    return { ok: false, reason: `not read: ${errorMessage(error)}` };
  }
}
