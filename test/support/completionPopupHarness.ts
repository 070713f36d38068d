// Bundled for Chromium by the completion popup test: the chat input and its suggestions list as the panel's markup
// has them (src/vscode/webviewBody.ts), with the real CompletionPopup on them, keys typed for real.
import { CompletionPopup } from '../../webview-ui/completionPopup';

declare global {
  interface Window {
    popupHarness: typeof harness;
  }
}

document.documentElement.lang = 'en';
document.title = 'Completion popup';
const list = document.createElement('ul');
list.id = 'completions';
list.setAttribute('aria-label', 'Suggestions');
const input = document.createElement('textarea');
input.id = 'input';
input.setAttribute('aria-label', 'Message CodeAgent');
document.body.append(list, input);
const popup = new CompletionPopup(list, input);
const accepted: string[] = [];
input.addEventListener('keydown', (event) => {
  if (popup.handleKey(event)) event.preventDefault();
});

const harness = {
  show(labels: string[]): void {
    popup.show(labels.map((label) => ({ label, detail: `about ${label}`, insert: label })), (item) => accepted.push(item.label));
  },
  accepted,
};
window.popupHarness = harness;
