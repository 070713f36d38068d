// Bundled for Chromium by the model picker test: the real header ModelPicker (with its effort control) in a
// #model-bar like the panel's. The page defines acquireVsCodeApi first (posted messages are kept in window.posted).
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { ModelSetupView } from '../../src/protocol/modelSetup';
import { ModelPicker } from '../../webview-ui/modelPicker';

declare global {
  interface Window {
    pickerHarness: typeof harness;
  }
}

const bar = document.createElement('div');
bar.id = 'model-bar';
bar.setAttribute('role', 'group');
bar.setAttribute('aria-label', 'Model and endpoint');
document.body.append(bar);
const picker = new ModelPicker(bar);

const harness = {
  showSetup(setup: ModelSetupView): void {
    picker.showSetup(setup);
  },
  /** How far the bar's content reaches past the page's width (0: it fits). */
  overflow(): number {
    const right = Math.max(...[...bar.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right));
    return Math.max(0, Math.ceil(right - document.documentElement.clientWidth), document.documentElement.scrollWidth - document.documentElement.clientWidth);
  },
};
window.pickerHarness = harness;
