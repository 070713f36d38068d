import * as vscode from 'vscode';

/**
 * Spec §23's `Always allow <rule>`: the rules go to the user's own (global) codeagent.approval.commandAllowList, where
 * the Settings editor shows them; a workspace's value is never written (a repository cannot widen it anyway, §11).
 */
export async function addToCommandAllowList(rules: readonly string[]): Promise<void> {
  const config = vscode.workspace.getConfiguration('codeagent');
  const own = config.inspect<string[]>('approval.commandAllowList')?.globalValue ?? [];
  const added = rules.filter((rule) => !own.includes(rule));
  if (added.length > 0) await config.update('approval.commandAllowList', [...own, ...added], vscode.ConfigurationTarget.Global);
}
