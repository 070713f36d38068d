import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Settings } from '../core/settings';
import type { AnyToolDefinition } from '../core/tools/toolTypes';
import { WebCache } from '../core/web/webCache';
import type { WebAccess } from '../core/web/webAccess';
import { webTools } from '../core/web/webTools';
import { systemClock } from '../node/systemClock';
import { NodeWebClient } from '../node/web/nodeWebClient';
import { createSearchProvider } from '../node/web/search/searchProviders';
import { proxiedByVsCode } from './webProxy';

const searchKeySecret = 'codeagent.searchApiKey';

/**
 * Spec §22 in the window: the web tools for each turn (web.enabled, the provider and its key read at each turn),
 * "Always allow <host>" written to the user's global settings, and `CodeAgent: Set Search API Key`.
 */
export async function setUpWeb(options: { secrets: vscode.SecretStorage; settings: () => Settings; storageDir: string }): Promise<{ tools: () => AnyToolDefinition[]; searchKey: () => string | undefined; disposables: vscode.Disposable[] }> {
  let searchKey = await options.secrets.get(searchKeySecret);
  const client = new NodeWebClient({ downloadsDir: path.join(options.storageDir, 'web-downloads'), proxied: proxiedByVsCode });
  const access: WebAccess = {
    client,
    clock: systemClock,
    cache: new WebCache(systemClock),
    allowedDomains: () => options.settings().web.allowedDomains,
    rememberHost: async (host) => {
      const config = vscode.workspace.getConfiguration('codeagent');
      const own = config.inspect<string[]>('web.allowedDomains')?.globalValue ?? [];
      if (!own.includes(host)) await config.update('web.allowedDomains', [...own, host], vscode.ConfigurationTarget.Global);
    },
  };
  const tools = () => {
    const { web } = options.settings();
    const provider = createSearchProvider(web.search.provider, { baseUrl: web.search.baseUrl.trim(), apiKey: searchKey });
    return webTools(web.enabled, access, provider);
  };
  const setKey = vscode.commands.registerCommand('codeagent.setSearchApiKey', async () => {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('CodeAgent: Set Search API Key'),
      prompt: vscode.l10n.t('API key of the search provider in codeagent.web.search.provider. Stored in VS Code SecretStorage. Leave empty to remove it.'),
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return;
    if (value.trim()) await options.secrets.store(searchKeySecret, value.trim());
    else await options.secrets.delete(searchKeySecret);
  });
  const watch = options.secrets.onDidChange(async (event) => {
    if (event.key === searchKeySecret) searchKey = await options.secrets.get(searchKeySecret);
  });
  return { tools, searchKey: () => searchKey, disposables: [setKey, watch] };
}
