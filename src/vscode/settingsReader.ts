import * as vscode from 'vscode';
import { Settings } from '../core/settings';

/** Reads `codeagent.*`; a value of the wrong shape falls back to its default and is reported once. */
export function readSettings(report: (message: string) => void = () => {}): Settings {
  const config = vscode.workspace.getConfiguration('codeagent');
  const raw = {
    model: pick(config, 'model', ['baseUrl', 'name', 'contextWindow', 'maxOutputTokens', 'toolProtocol', 'inputPricePerMTok', 'outputPricePerMTok', 'maxRetries', 'continueMaxRounds']),
    summaryModel: pick(config, 'summaryModel', ['name']),
    context: pick(config, 'context', ['compactThreshold', 'keepRecentRounds', 'summaryTimeoutSeconds']),
    agent: pick(config, 'agent', ['maxIterations']),
    approval: pick(config, 'approval', ['autoApproveReadOnly', 'autoApproveEdits', 'autoApproveCommands', 'commandAllowList']),
    agents: pick(config, 'agents', ['defaultContextMode', 'allowSharedContext', 'sharedContextMaxMessages']),
  };
  const parsed = Settings.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    report(`Setting codeagent.${issue.path.join('.')} is invalid (${issue.message}); using its default.`);
    dropPath(raw, issue.path.map(String));
  }
  return Settings.parse(raw);
}

function pick(config: vscode.WorkspaceConfiguration, section: string, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = config.get(`${section}.${key}`);
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

function dropPath(target: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) delete target[head];
  else if (typeof target[head] === 'object' && target[head] !== null) dropPath(target[head] as Record<string, unknown>, rest);
}
