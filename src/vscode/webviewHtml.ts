import * as vscode from 'vscode';

/** The panel's markup: a strict CSP allows only our bundled script (by nonce) and styles. */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = createNonce();
  const asset = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', file)).toString();
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} https: data:`,
    `style-src ${webview.cspSource} 'unsafe-inline'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('webview.css')}">
<title>CodeAgent</title>
</head>
<body>
<div id="usage" hidden>
  <div class="meter"><div id="context-bar" style="width:0"></div></div>
  <div class="labels"><button id="context-label" class="link" title="Open the exact context of the last request"></button><span id="tokens-label"></span></div>
</div>
<section id="onboarding" data-testid="onboarding" hidden></section>
<section id="history" aria-label="Conversation history" hidden></section>
<main id="transcript" role="log" aria-live="polite" aria-label="Conversation"></main>
<footer id="composer">
  <ul id="completions" aria-label="Suggestions" hidden></ul>
  <textarea id="input" aria-label="Message CodeAgent" placeholder="Ask CodeAgent… (@ to mention a file, / for commands)" rows="2"></textarea>
  <div class="buttons">
    <vscode-button id="history-toggle" secondary aria-expanded="false" title="Saved conversations">History</vscode-button>
    <vscode-button id="plan-mode" secondary aria-label="Plan mode" aria-pressed="false" title="Turn on plan mode: plan each request and run every step as a sub-agent">Plan mode</vscode-button>
    <span class="spacer"></span>
    <vscode-button id="new-chat" secondary title="Start a new conversation">New Chat</vscode-button>
    <vscode-button id="stop" secondary hidden title="Stop the running turn (Escape)">Stop</vscode-button>
    <vscode-button id="send" title="Send (Enter)">Send</vscode-button>
  </div>
</footer>
<script nonce="${nonce}" src="${asset('webview.js')}"></script>
</body>
</html>`;
}

function createNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet.charAt(Math.floor(Math.random() * alphabet.length));
  return nonce;
}
