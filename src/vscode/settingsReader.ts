import * as vscode from 'vscode';
import type { Settings } from '../core/settings';
import { createSettingsSource } from '../core/settingsSource';
import type { TrustStore } from '../core/ports/trustStore';
import { chooseEndpoint, type EndpointChoice } from '../core/trust/endpointTrust';
import { isProtectedSetting, protectedSettingValue } from '../core/trust/protectedSettings';

const keys: Record<string, string[]> = {
  model: ['baseUrl', 'name', 'contextWindow', 'maxOutputTokens', 'toolProtocol', 'inputPricePerMTok', 'outputPricePerMTok', 'cachedInputPricePerMTok', 'maxRetries', 'continueMaxRounds'],
  summaryModel: ['name'],
  context: ['compactThreshold', 'keepRecentRounds', 'summaryTimeoutSeconds'],
  agent: ['maxIterations', 'planMode'],
  approval: ['autoApproveReadOnly', 'autoApproveEdits', 'autoApproveCommands', 'commandAllowList', 'autoApproveMcpTools'],
  agents: ['defaultContextMode', 'allowSharedContext', 'sharedContextMaxMessages'],
  mcp: ['servers'],
};

export interface SettingsTrust {
  store: TrustStore;
  /** False in Restricted Mode. */
  workspaceTrusted: () => boolean;
  /** A workspace's `*.baseUrl` that is not used (yet): the caller asks and tells. */
  onEndpointIgnored: (key: string, ignored: NonNullable<EndpointChoice['ignored']>, used: string | undefined) => void;
}

/**
 * `codeagent.*` as validated Settings; a value of the wrong shape falls back to its default and is reported once.
 * A repository is untrusted (spec §11): settings that grant power come from the user's layer and a workspace
 * may only tighten them; a workspace endpoint is used only once the user allowed it.
 */
export function createSettingsReader(report: (problem: string) => void, trust: SettingsTrust): () => Settings {
  return createSettingsSource(() => {
    const config = vscode.workspace.getConfiguration('codeagent');
    return Object.fromEntries(Object.entries(keys).map(([section, names]) => [section, pick(config, section, names, trust)]));
  }, report);
}

function pick(config: vscode.WorkspaceConfiguration, section: string, names: string[], trust: SettingsTrust): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = read(config, `${section}.${name}`, trust);
    if (value !== undefined && value !== null) out[name] = value;
  }
  return out;
}

function read(config: vscode.WorkspaceConfiguration, key: string, trust: SettingsTrust): unknown {
  if (key.endsWith('.baseUrl')) {
    const choice = chooseEndpoint(key, config.inspect(key) ?? {}, { workspaceTrusted: trust.workspaceTrusted(), isAllowed: (subject) => trust.store.isAllowed(subject) });
    if (choice.ignored) trust.onEndpointIgnored(key, choice.ignored, choice.url);
    return choice.url;
  }
  if (isProtectedSetting(key)) return protectedSettingValue(key, config.inspect(key) ?? {}, trust.workspaceTrusted());
  return config.get(key);
}
