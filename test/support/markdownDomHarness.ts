// Bundled for Chromium by the webview unit tests: the real renderers, on `window`.
import { highlightCodeBlocks } from '../../webview-ui/codeHighlighter';
import { renderMarkdown } from '../../webview-ui/markdown';
import { StreamingMarkdown } from '../../webview-ui/markdown/streamingMarkdown';
import { remoteLoadingProblems } from './remoteLoadAudit';

declare global {
  interface Window {
    markdownHarness: typeof harness;
  }
}

const harness = {
  /** What in sanitised markup could still load, run or navigate by itself (nothing, or it is a defect). */
  remoteLoadingProblems,
  /** What `fillBody` does with a whole text. */
  whole(text: string): string {
    const body = document.createElement('div');
    body.innerHTML = renderMarkdown(text);
    highlightCodeBlocks(body);
    return body.innerHTML;
  },
  /** Streams the parts into a live element and counts executable markup that ever reached it. */
  stream(parts: string[], finish: boolean, budgeted = false): { html: string; liveOnerror: number; maxBacklogUpdates: number; texts: string[] } {
    const body = document.createElement('div');
    document.body.append(body);
    let liveOnerror = 0;
    const count = (records: MutationRecord[]): void => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element && (node.matches('[onerror], script') || node.querySelector('[onerror], script'))) liveOnerror++;
        if (record.type === 'attributes' && record.attributeName === 'onerror') liveOnerror++;
      }
    };
    // Every node ever inserted, even one removed by the next update, is checked.
    const observer = new MutationObserver(count);
    observer.observe(body, { childList: true, subtree: true, attributes: true });
    const stream = new StreamingMarkdown(body);
    let text = '';
    // Budgeted: every update's deadline has already passed, so each renders one final block at most.
    const deadline = budgeted ? -Infinity : Infinity;
    const texts: string[] = [];
    for (const part of parts) {
      text += part;
      stream.update(text, deadline);
      texts.push(body.textContent ?? '');
      if (body.querySelector('[onerror], script')) liveOnerror++;
    }
    let maxBacklogUpdates = 0;
    if (!finish) for (; stream.behind; maxBacklogUpdates++) stream.update(text, deadline);
    if (finish) stream.finish();
    count(observer.takeRecords());
    observer.disconnect();
    body.remove();
    return { html: body.innerHTML, liveOnerror, maxBacklogUpdates, texts };
  },
};

window.markdownHarness = harness;
