// Bundled for Chromium by the prompt recall test: the real PromptRecall on a textarea, keys typed for real.
import { PromptRecall } from '../../webview-ui/promptRecall';

declare global {
  interface Window {
    recallHarness: typeof harness;
  }
}

const input = document.createElement('textarea');
input.setAttribute('aria-label', 'Message CodeAgent');
document.body.append(input);
const recall = new PromptRecall(input, (text) => {
  input.value = text;
});
input.addEventListener('keydown', (event) => {
  if (recall.handleKey(event)) event.preventDefault();
});

const harness = {
  reset(sent: string[]): void {
    input.value = '';
    recall.reset(sent);
  },
  add(text: string): void {
    recall.add(text);
  },
};
window.recallHarness = harness;
