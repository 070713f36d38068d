import type { WorkspaceFs } from '../ports/workspaceFs';
import { readTextFile } from '../tools/fileAccess';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { errorMessage } from '../errorMessage';

/** `problem`: the path and `error` (the system's words), in English for the model and the log. */
export type RuleFileText = { ok: true; text: string } | { ok: false; problem: string; error: string };

/** A rule file's text, '\n' line ends; refuses a symbolic link leading out of the workspace. */
export async function readRuleFile(fs: WorkspaceFs, path: string): Promise<RuleFileText> {
  try {
    const confined = await resolveWorkspacePath(fs, path);
    const { raw } = await readTextFile(fs, confined);
    return { ok: true, text: raw.replace(/\r\n/g, '\n') };
  } catch (error) {
    const message = errorMessage(error);
    return { ok: false, problem: `${path}: not read: ${message}`, error: message };
  }
}
