import * as vscode from 'vscode';

const OPENABLE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * A link (or a remote image) the user clicked in the panel. The webview already refuses other schemes; the
 * host checks again, since a webview message is untrusted input. `openExternal` goes through VS Code's link
 * protection, which asks before opening any domain the user has not trusted.
 */
export async function openExternalLink(url: string, log: (message: string) => void): Promise<void> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(url, true);
  } catch {
    return log(`Refused to open a malformed link: ${url.slice(0, 200)}`);
  }
  if (!OPENABLE_SCHEMES.has(uri.scheme)) return log(`Refused to open a ${uri.scheme}: link from the chat panel.`);
  await vscode.env.openExternal(uri);
}
