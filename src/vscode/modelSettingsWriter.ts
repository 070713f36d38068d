import * as vscode from 'vscode';
import { baseUrlProblem } from '../core/settings';

/**
 * Writes `codeagent.model.<key>` where it takes effect: the workspace when the workspace sets it (a user
 * setting would be shadowed there), else the user settings, so one choice serves every project.
 */
export function modelSettingWriter(): (key: 'baseUrl' | 'name', value: string) => Promise<void> {
  return async (key, value) => {
    const config = vscode.workspace.getConfiguration('codeagent');
    const inspected = config.inspect(`model.${key}`);
    const target = inspected?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config.update(`model.${key}`, value, target);
  };
}

/** The custom endpoint's URL, checked as it is typed. */
export async function promptForBaseUrl(current: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: 'CodeAgent: OpenAI-compatible endpoint',
    prompt: 'Base URL of the API, usually ending in /v1 (vLLM: http://localhost:8000/v1, LiteLLM: http://localhost:4000)',
    value: current,
    ignoreFocusOut: true,
    validateInput: (text) => baseUrlProblem(text),
  });
  return value?.trim() || undefined;
}
