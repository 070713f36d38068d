import { english, type Translator } from '../ports/translator';

/**
 * What the panel says once in Restricted Mode (VS Code's untrusted workspace): the workspace's own configuration
 * is not used at all, not even what the user allowed before (spec §11, §12, §17). In the user's words (spec §20).
 */
export function restrictedModeNotice(l10n: Translator = english): string {
  return l10n.t('This workspace is in Restricted Mode: CodeAgent ignores its endpoint and approval settings, does not start the MCP servers of its .vscode/mcp.json and does not run its hooks. Your own settings, servers and hooks apply. Trust the workspace to use its own.');
}
