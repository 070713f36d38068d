import { panelStrings, panelStringsElementId, type PanelStringKey, type PanelStrings } from '../protocol/panelStrings';
import { scriptJson } from '../protocol/l10nFormat';

/**
 * The panel's markup inside <body>, without the script: also what the webview benchmark loads. `strings` are the
 * panel's words in the user's language (spec §20), embedded for the webview's `t` as data, never run.
 */
export function webviewBody(strings: PanelStrings = panelStrings): string {
  const s = (key: PanelStringKey) => escapeHtml(strings[key]);
  return `<script type="application/json" id="${panelStringsElementId}">${scriptJson(strings)}</script>
<div id="model-bar" role="group" aria-label="${s('body.modelBar')}" hidden></div>
<div id="usage" hidden>
  <div class="meter"><div id="context-bar" style="width:0"></div></div>
  <div class="labels"><button id="context-label" class="link" title="${s('body.contextTitle')}"></button><span class="tokens"><span id="tokens-label"></span> <span id="cache-label" hidden></span></span></div>
</div>
<section id="onboarding" data-testid="onboarding" hidden></section>
<section id="history" aria-label="${s('body.history')}" hidden></section>
<main id="transcript" role="log" aria-live="polite" aria-label="${s('body.transcript')}"></main>
<footer id="composer">
  <section id="worktree" aria-label="${s('body.worktree')}" hidden></section>
  <section id="queued" aria-label="${s('body.queued')}" hidden></section>
  <section id="processes" aria-label="${s('body.processes')}" hidden></section>
  <section id="to-review" class="to-review-fallback" aria-label="${s('body.toReview')}" hidden></section>
  <section id="live-checklist" aria-label="${s('body.checklist')}" hidden></section>
  <ul id="completions" aria-label="${s('body.suggestions')}" hidden></ul>
  <div id="attachments" aria-label="${s('body.attachments')}" hidden></div>
  <p id="attach-notice" role="alert" hidden></p>
  <textarea id="input" aria-label="${s('body.input')}" placeholder="${s('composer.placeholder')}" rows="2"></textarea>
  <input id="attach-file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple hidden>
  <div class="buttons composer-row">
    <button id="history-toggle" class="icon-button in-editor-only" aria-label="${s('body.historyButton')}" aria-expanded="false" title="${s('body.historyTitle')}"><span class="codicon codicon-history"></span></button>
    <div id="modes" class="mode-group" role="group" aria-label="${s('body.modes')}">
      <button id="plan-mode" class="icon-button" aria-label="${s('body.planMode')}" aria-pressed="false" title="${s('body.planModeTitle')}"><span class="codicon codicon-checklist"></span></button>
      <button id="review-after" class="icon-button" aria-label="${s('body.reviewAfterName')}" aria-pressed="false" title="${s('body.reviewAfterTitle')}"><span class="codicon codicon-eye"></span></button>
    </div>
    <button id="attach-image" class="icon-button" aria-label="${s('body.attachImage')}" title="${s('body.attachImageTitle')}"><span class="codicon codicon-file-media"></span></button>
    <span class="spacer"></span>
    <button id="new-chat" class="icon-button in-editor-only" aria-label="${s('body.newChat')}" title="${s('body.newChatTitle')}"><span class="codicon codicon-add"></span></button>
    <button id="stop" class="icon-button" hidden aria-label="${s('body.stop')}" title="${s('body.stopTitle')}"><span class="codicon codicon-debug-stop"></span></button>
    <button id="send" class="icon-button primary" aria-label="${s('body.send')}" title="${s('body.sendTitle')}"><span class="codicon codicon-send"></span></button>
  </div>
</footer>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
