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
  <section id="queued" aria-label="${s('body.queued')}" hidden></section>
  <section id="processes" aria-label="${s('body.processes')}" hidden></section>
  <section id="to-review" class="to-review-fallback" aria-label="${s('body.toReview')}" hidden></section>
  <section id="live-checklist" aria-label="${s('body.checklist')}" hidden></section>
  <ul id="completions" aria-label="${s('body.suggestions')}" hidden></ul>
  <div id="attachments" aria-label="${s('body.attachments')}" hidden></div>
  <p id="attach-notice" role="alert" hidden></p>
  <textarea id="input" aria-label="${s('body.input')}" placeholder="${s('composer.placeholder')}" rows="2"></textarea>
  <input id="attach-file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple hidden>
  <div class="buttons">
    <vscode-button id="history-toggle" secondary aria-expanded="false" title="${s('body.historyTitle')}">${s('body.historyButton')}</vscode-button>
    <vscode-button id="plan-mode" secondary aria-label="${s('body.planMode')}" aria-pressed="false" title="${s('body.planModeTitle')}">${s('body.planMode')}</vscode-button>
    <vscode-button id="review-after" secondary aria-label="${s('body.reviewAfterName')}" aria-pressed="false" title="${s('body.reviewAfterTitle')}">${s('body.reviewAfter')}</vscode-button>
    <vscode-button id="attach-image" secondary aria-label="${s('body.attachImage')}" title="${s('body.attachImageTitle')}"><span class="codicon codicon-file-media"></span></vscode-button>
    <span class="spacer"></span>
    <vscode-button id="new-chat" secondary title="${s('body.newChatTitle')}">${s('body.newChat')}</vscode-button>
    <vscode-button id="stop" secondary hidden title="${s('body.stopTitle')}">${s('body.stop')}</vscode-button>
    <vscode-button id="send" title="${s('body.sendTitle')}">${s('body.send')}</vscode-button>
  </div>
</footer>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
