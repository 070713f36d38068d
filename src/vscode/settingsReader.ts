import * as vscode from 'vscode';
import type { Settings } from '../core/settings';
import { createSettingsSource } from '../core/settingsSource';
import { readTrustedSettings, type SettingsTrust } from '../core/trust/readTrustedSettings';
import { l10n } from './hostL10n';

const keys: Record<string, string[]> = {
  model: ['baseUrl', 'name', 'contextWindow', 'maxOutputTokens', 'toolProtocol', 'api', 'vscodeModel', 'reasoningEffort', 'inputPricePerMTok', 'outputPricePerMTok', 'cachedInputPricePerMTok', 'maxRetries', 'continueMaxRounds', 'supportsImages'],
  summaryModel: ['name'],
  context: ['compactThreshold', 'keepRecentRounds', 'summaryTimeoutSeconds', 'instructionFiles'],
  agent: ['maxIterations', 'planMode'],
  tools: ['diagnosticsWaitMs', 'maxBackgroundProcesses'],
  approval: ['autoApproveReadOnly', 'autoApproveEdits', 'autoApproveCommands', 'commandAllowList', 'commandDenyList', 'autoApproveMcpTools', 'editReview'],
  agents: ['defaultContextMode', 'allowSharedContext', 'sharedContextMaxMessages'],
  mcp: ['servers'],
  hooks: ['enabled'],
  notifications: ['whenUnfocused'],
  sandbox: ['enabled', 'allowedDomains'],
  web: ['enabled', 'allowedDomains', 'search.provider', 'search.baseUrl'],
  worktree: ['setupCommand', 'copyFiles'],
  memory: ['enabled'],
};

/**
 * `codeagent.*` as validated Settings; a value of the wrong shape falls back to its default and is reported once.
 * What a workspace may set is decided by readTrustedSettings (spec §11: a repository is untrusted).
 * Read once and kept (frozen) until something they are made of changes: the settings, the workspace's trust, its
 * folders, or an endpoint the user allowed. A read costs some fifty lookups and a validation, and a Send made
 * several of them before its request went out.
 */
export function createSettingsReader(report: (problem: string) => void, trust: Omit<SettingsTrust, 'workspaceTrusted'>, subscriptions: { dispose(): unknown }[]): () => Settings {
  // Trust granted later counts at once (revoking it reloads the window).
  const withTrustState: SettingsTrust = { ...trust, workspaceTrusted: () => vscode.workspace.isTrusted };
  const read = createSettingsSource(() => readTrustedSettings(vscode.workspace.getConfiguration('codeagent'), keys, withTrustState), report, l10n);
  let kept: Settings | undefined;
  const forget = () => {
    kept = undefined;
  };
  const stopTrust = trust.store.onAllowed?.(forget);
  subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('codeagent')) forget();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(forget),
    vscode.workspace.onDidChangeWorkspaceFolders(forget),
    { dispose: () => stopTrust?.() },
  );
  return () => (kept ??= deepFreeze(read()));
}

/** A kept value is shared by every reader: one that changed it would change it for all. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
