import * as vscode from 'vscode';
import type { Settings } from '../core/settings';
import { createSettingsSource } from '../core/settingsSource';

const keys: Record<string, string[]> = {
  model: ['baseUrl', 'name', 'contextWindow', 'maxOutputTokens', 'toolProtocol', 'inputPricePerMTok', 'outputPricePerMTok', 'cachedInputPricePerMTok', 'maxRetries', 'continueMaxRounds'],
  summaryModel: ['name'],
  context: ['compactThreshold', 'keepRecentRounds', 'summaryTimeoutSeconds'],
  agent: ['maxIterations', 'planMode'],
  approval: ['autoApproveReadOnly', 'autoApproveEdits', 'autoApproveCommands', 'commandAllowList', 'autoApproveMcpTools'],
  agents: ['defaultContextMode', 'allowSharedContext', 'sharedContextMaxMessages'],
  mcp: ['servers'],
};

/** `codeagent.*` as validated Settings; a value of the wrong shape falls back to its default and is reported once. */
export function createSettingsReader(report: (problem: string) => void): () => Settings {
  return createSettingsSource(() => {
    const config = vscode.workspace.getConfiguration('codeagent');
    return Object.fromEntries(Object.entries(keys).map(([section, names]) => [section, pick(config, section, names)]));
  }, report);
}

function pick(config: vscode.WorkspaceConfiguration, section: string, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = config.get(`${section}.${name}`);
    if (value !== undefined && value !== null) out[name] = value;
  }
  return out;
}
