import * as vscode from 'vscode';
import type { TrustStore } from '../core/ports/trustStore';
import { baseUrlProblem } from '../core/settings';
import { l10n } from './hostL10n';
import { endpointSubject } from '../core/trust/endpointTrust';
import type { ModelSettingKey, ModelSettingValue } from './modelSetupController';

/**
 * Writes `codeagent.model.<key>` where it takes effect: the workspace when the workspace sets it (a user
 * setting would be shadowed there), else the user settings, so one choice serves every project. An endpoint the
 * user picks here is theirs: written to the workspace, it is allowed for it at once (no "send your key?" prompt).
 */
export function modelSettingWriter(trust: TrustStore): (key: ModelSettingKey, value: ModelSettingValue) => Promise<void> {
  return async (key, value) => {
    const config = vscode.workspace.getConfiguration('codeagent');
    const inspected = config.inspect(`model.${key}`);
    const target = inspected?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    if (key === 'baseUrl' && typeof value === 'string' && target !== vscode.ConfigurationTarget.Global) await trust.allow(endpointSubject('model.baseUrl', value));
    await config.update(`model.${key}`, value, target);
  };
}

/** The custom endpoint's URL, checked as it is typed. */
export async function promptForBaseUrl(current: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('CodeAgent: OpenAI-compatible endpoint'),
    prompt: vscode.l10n.t('Base URL of the API, usually ending in /v1 (vLLM: http://localhost:8000/v1, LiteLLM: http://localhost:4000)'),
    value: current,
    ignoreFocusOut: true,
    validateInput: (text) => baseUrlProblem(text, l10n),
  });
  return value?.trim() || undefined;
}
