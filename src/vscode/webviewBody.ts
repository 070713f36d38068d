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
  <div class="buttons composer-row">
    <button id="history-toggle" class="icon-button in-editor-only" aria-label="History" aria-expanded="false" title="Saved conversations"><span class="codicon codicon-history"></span></button>
    <div id="modes" class="mode-group" role="group" aria-label="Modes">
      <button id="plan-mode" class="icon-button" aria-label="Plan mode" aria-pressed="false" title="Turn on plan mode: plan each request and run every step as a sub-agent"><span class="codicon codicon-checklist"></span></button>
      <button id="review-after" class="icon-button" aria-label="Review after edits" aria-pressed="false" title="Review edits after they are written: Keep or Undo each change in the editor"><span class="codicon codicon-eye"></span></button>
    </div>
    <button id="attach-image" class="icon-button" aria-label="Attach image" title="Attach image (or paste or drop one into the input)"><span class="codicon codicon-file-media"></span></button>
    <span class="spacer"></span>
    <button id="new-chat" class="icon-button in-editor-only" aria-label="New Chat" title="Start a new conversation"><span class="codicon codicon-add"></span></button>
    <button id="stop" class="icon-button" hidden aria-label="Stop" title="Stop the running turn (Escape)"><span class="codicon codicon-debug-stop"></span></button>
    <button id="send" class="icon-button primary" aria-label="Send" title="Send (Enter)"><span class="codicon codicon-send"></span></button>
  </div>
</footer>
`;
}
