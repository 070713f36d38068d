import * as vscode from 'vscode';
import type { Settings } from '../core/settings';
import { createSettingsSource } from '../core/settingsSource';
import { readTrustedSettings, type SettingsTrust } from '../core/trust/readTrustedSettings';
import { l10n } from './hostL10n';

const keys: Record<string, string[]> = {
  model: ['baseUrl', 'name', 'contextWindow', 'maxOutputTokens', 'toolProtocol', 'api', 'reasoningEffort', 'inputPricePerMTok', 'outputPricePerMTok', 'cachedInputPricePerMTok', 'maxRetries', 'continueMaxRounds', 'supportsImages'],
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
 */
export function createSettingsReader(report: (problem: string) => void, trust: Omit<SettingsTrust, 'workspaceTrusted'>): () => Settings {
  // Read at every settings read: trust granted later counts at once (revoking it reloads the window).
  const withTrustState: SettingsTrust = { ...trust, workspaceTrusted: () => vscode.workspace.isTrusted };
  return createSettingsSource(() => readTrustedSettings(vscode.workspace.getConfiguration('codeagent'), keys, withTrustState), report, l10n);
}
