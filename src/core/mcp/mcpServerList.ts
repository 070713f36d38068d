import type { Translator, UserText } from '../ports/translator';
import { parseMcpJson } from './mcpJsonFile';
import { expandVariables, mergeServerConfigs, parseServers, type McpConfigProblem, type McpServerConfig, type VariableContext } from './mcpServerConfig';

export interface McpServerList {
  /** Ready to start: merged, variables expanded. */
  servers: McpServerConfig[];
  /** Named servers whose config cannot be used: shown as failed with the reason, in the user's words (spec §20). */
  invalid: { name: string; reason: UserText }[];
  /** Problems that belong to no one server (a file that is not JSON), for the log (`(english)`). */
  problems: UserText[];
}

/** Spec §12: `.vscode/mcp.json` (undefined when there is none) and `codeagent.mcp.servers`, merged and expanded. */
export function mcpServerList(fileText: string | undefined, settingServers: unknown, context: VariableContext): McpServerList {
  const file = fileText === undefined ? { servers: [], problems: [] } : parseMcpJson(fileText);
  const setting = parseServers(settingServers, 'settings');
  const invalid: McpServerList['invalid'] = [];
  const problems: UserText[] = [];
  const report = ({ server, source, reason }: McpConfigProblem) => {
    if (server) invalid.push({ name: server, reason: (l10n) => l10n.t('{0} ({1})', reason(l10n), sourceName(source, l10n)) });
    else problems.push((l10n) => l10n.t('{0}: {1}', sourceName(source, l10n), reason(l10n)));
  };
  [...setting.problems, ...file.problems].forEach(report);
  const servers: McpServerConfig[] = [];
  for (const server of mergeServerConfigs(setting.servers, file.servers)) {
    const expanded = expandVariables(server, context);
    if ('reason' in expanded) report(expanded);
    else servers.push(expanded);
  }
  // A broken entry in the file still hides the setting's server of that name: the file wins on the name.
  const broken = new Set(invalid.map((i) => i.name));
  return { servers: servers.filter((s) => !broken.has(s.name)), invalid, problems };
}

/** The file by its path; the setting as `settings`, in the user's words. */
function sourceName(source: McpConfigProblem['source'], l10n: Translator): string {
  return source === 'settings' ? l10n.t('settings') : source;
}
