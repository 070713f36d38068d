import * as vscode from 'vscode';
import { localizedStrings } from '../protocol/l10nFormat';
import { panelStrings } from '../protocol/panelStrings';
import { webviewBody } from './webviewBody';
import { webviewCsp } from './webviewCsp';

/** The panel's markup: a strict CSP (webviewCsp) allows only our bundled script (by nonce), styles and local images. */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, surface: 'view' | 'editor'): string {
  const nonce = createNonce();
  const asset = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', file)).toString();
  const csp = webviewCsp(webview.cspSource, nonce);
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('webview.css')}">
<title>CodeAgent</title>
</head>
<body data-surface="${surface}">
${webviewBody(localizedStrings(panelStrings, vscode.l10n.bundle))}<script nonce="${nonce}" src="${asset('webview.js')}"></script>
</body>
</html>`;
}

function createNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet.charAt(Math.floor(Math.random() * alphabet.length));
  return nonce;
}
