/** The panel's markup inside <body>, without the script: also what the webview benchmark loads. */
export function webviewBody(): string {
  return `<div id="model-bar" role="group" aria-label="Model and endpoint" hidden></div>
<div id="usage" hidden>
  <div class="meter"><div id="context-bar" style="width:0"></div></div>
  <div class="labels"><button id="context-label" class="link" title="Open the exact context of the last request"></button><span class="tokens"><span id="tokens-label"></span> <span id="cache-label" hidden></span></span></div>
</div>
<section id="onboarding" data-testid="onboarding" hidden></section>
<section id="history" aria-label="Conversation history" hidden></section>
<main id="transcript" role="log" aria-live="polite" aria-label="Conversation"></main>
<footer id="composer">
  <section id="queued" aria-label="Queued messages" hidden></section>
  <section id="processes" aria-label="Background processes" hidden></section>
  <section id="to-review" class="to-review-fallback" aria-label="Changes to review" hidden></section>
  <section id="live-checklist" aria-label="Todos and plan" hidden></section>
  <ul id="completions" aria-label="Suggestions" hidden></ul>
  <div id="attachments" aria-label="Attached images" hidden></div>
  <p id="attach-notice" role="alert" hidden></p>
  <textarea id="input" aria-label="Message CodeAgent" placeholder="Ask CodeAgent… (@ to mention a file, / for commands)" rows="2"></textarea>
  <input id="attach-file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple hidden>
  <div class="buttons">
    <vscode-button id="history-toggle" secondary aria-expanded="false" title="Saved conversations">History</vscode-button>
    <vscode-button id="plan-mode" secondary aria-label="Plan mode" aria-pressed="false" title="Turn on plan mode: plan each request and run every step as a sub-agent">Plan mode</vscode-button>
    <vscode-button id="review-after" secondary aria-label="Review after edits" aria-pressed="false" title="Review edits after they are written: Keep or Undo each change in the editor">Review after</vscode-button>
    <vscode-button id="attach-image" secondary aria-label="Attach image" title="Attach image (or paste or drop one into the input)"><span class="codicon codicon-file-media"></span></vscode-button>
    <span class="spacer"></span>
    <vscode-button id="new-chat" secondary title="Start a new conversation">New Chat</vscode-button>
    <vscode-button id="stop" secondary hidden title="Stop the running turn (Escape)">Stop</vscode-button>
    <vscode-button id="send" title="Send (Enter)">Send</vscode-button>
  </div>
</footer>
`;
}
