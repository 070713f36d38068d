import * as vscode from 'vscode';

/**
 * Whether VS Code's proxy setup sends `url` through a proxy (`http.proxy`, else the environment's
 * HTTP(S)_PROXY), minus `http.noProxy` / NO_PROXY. Through a proxy, the address connected to is the proxy's:
 * WebFetch then checks the URL's host and resolves its name locally first where it can, as spec §22 says.
 */
export function proxiedByVsCode(url: URL): boolean {
  const http = vscode.workspace.getConfiguration('http');
  const env = process.env;
  const proxy = http.get<string>('proxy') || (url.protocol === 'https:' ? env.HTTPS_PROXY ?? env.https_proxy : undefined) || env.HTTP_PROXY || env.http_proxy;
  if (!proxy || http.get<string>('proxySupport') === 'off') return false;
  const noProxy = [...(http.get<string[]>('noProxy') ?? []), ...(env.NO_PROXY ?? env.no_proxy ?? '').split(',')].map((e) => e.trim().toLowerCase()).filter(Boolean);
  const host = url.hostname.toLowerCase();
  return !noProxy.some((entry) => entry === '*' || host === entry.replace(/^\*?\./, '') || host.endsWith(entry.startsWith('.') ? entry : `.${entry.replace(/^\*\./, '')}`));
}
