import * as vscode from 'vscode';
import type { CommandSandbox } from '../core/ports/commandSandbox';
import type { Settings } from '../core/settings';
import { english } from '../core/ports/translator';
import { RuntimeSandbox } from '../node/sandbox/runtimeSandbox';
import { l10n } from './hostL10n';

/**
 * Spec §18 for the window: one sandbox for every conversation's commands (foreground and background), confined to the
 * workspace folders; a worktree conversation's commands to its worktree (§19: CommandSandbox.wrap's `root`). Where none can start, the user hears why once (the panel and a notification), with the install hint.
 */
export function startSandbox(options: { settings: () => Settings; tell: (message: string) => void; log: (message: string) => void }): CommandSandbox {
  return new RuntimeSandbox({
    settings: () => options.settings().sandbox,
    roots: () => (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath),
    onUnavailable: (reason, hint) => {
      const message = `${l10n.t('Commands are not sandboxed (codeagent.sandbox.enabled is on): {0}. They ask before running, as usual.', reason(l10n))}${hint ? ` ${hint(l10n)}` : ''}`;
      options.log(`Commands are not sandboxed: ${reason(english)}.${hint ? ` ${hint(english)}` : ''}`);
      options.tell(message);
      void vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: {0}', message));
    },
  });
}
