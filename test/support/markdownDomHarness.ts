// Bundled for Chromium by the webview unit tests: the real renderers, on `window`.
import { finishCodeBlocks } from '../../webview-ui/codeHighlighter';
import { configureCodeBlockActions } from '../../webview-ui/codeBlockDecoration';
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
    finishCodeBlocks(body);
    return body.innerHTML;
  },
  /**
   * Streams the parts into a live element and counts executable markup that ever reached it.
   * `attachEvery` n: only every n-th update attaches the final blocks it rendered (the others stage them).
   * `keepTexts`: the page's text after every update, in `texts` and `backlogTexts` (else empty): each is as long as
   * the text so far, so for a long document they cost more than the stream itself, and all of them cross to Node.
   */
  stream(parts: string[], finish: boolean, budgeted = false, attachEvery = 1, keepTexts = false): { html: string; liveOnerror: number; maxBacklogUpdates: number; texts: string[]; backlogTexts: string[] } {
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
    const backlogTexts: string[] = [];
    let updates = 0;
    const attach = () => ++updates % attachEvery === 0;
    for (const part of parts) {
      text += part;
      stream.update(text, deadline, attach());
      if (keepTexts) texts.push(body.textContent ?? '');
      if (body.querySelector('[onerror], script')) liveOnerror++;
    }
    let maxBacklogUpdates = 0;
    if (!finish) {
      for (; stream.behind; maxBacklogUpdates++) {
        stream.update(text, deadline, attach());
        if (keepTexts) backlogTexts.push(body.textContent ?? '');
      }
    }
    if (finish) stream.finish();
    count(observer.takeRecords());
    observer.disconnect();
    body.remove();
    return { html: body.innerHTML, liveOnerror, maxBacklogUpdates, texts, backlogTexts };
  },
  /** The code blocks of a whole render: their toolbars, and the sanitised HTML they were built from. */
  codeBlocks(text: string): { sanitized: string; blocks: Array<{ language?: string; buttons: string[]; highlighted: boolean; code: string }>; toolbars: number } {
    const body = document.createElement('div');
    const sanitized = renderMarkdown(text);
    body.innerHTML = sanitized;
    finishCodeBlocks(body);
    const blocks = [...body.querySelectorAll('pre')].map((pre) => ({
      language: pre.querySelector(':scope > .code-toolbar > .code-language')?.textContent ?? undefined,
      buttons: [...pre.querySelectorAll(':scope > .code-toolbar > button')].map((b) => b.getAttribute('aria-label') ?? ''),
      highlighted: pre.querySelector(':scope > code')?.classList.contains('hljs') ?? false,
      code: pre.querySelector(':scope > code')?.textContent ?? '',
    }));
    return { sanitized, blocks, toolbars: body.querySelectorAll('.code-toolbar').length };
  },
  /** Clicks a rendered block's Copy and Insert, with a clipboard that works or refuses. */
  async codeActions(text: string, clipboardWorks: boolean): Promise<{ clipboard: string[]; fallback: string[]; inserted: string[]; label: string }> {
    const clipboard: string[] = [];
    const fallback: string[] = [];
    const inserted: string[] = [];
    configureCodeBlockActions({ copyFallback: (t) => fallback.push(t), insert: (t) => inserted.push(t) });
    const writeText = async (t: string): Promise<void> => {
      if (!clipboardWorks) throw new DOMException('Write permission denied.', 'NotAllowedError');
      clipboard.push(t);
    };
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const body = document.createElement('div');
    document.body.append(body);
    body.innerHTML = renderMarkdown(text);
    finishCodeBlocks(body);
    const copy = body.querySelector<HTMLButtonElement>('button[aria-label="Copy code"]')!;
    copy.click();
    body.querySelector<HTMLButtonElement>('button[aria-label="Insert at cursor"]')!.click();
    // The copy is done (through the clipboard or the fallback) once the button says so.
    while (copy.dataset.copied !== 'true') await new Promise((resolve) => setTimeout(resolve, 0));
    const label = `${copy.textContent ?? ''}${copy.getAttribute('aria-label') === copy.textContent ? '' : ' (named otherwise)'}`;
    body.remove();
    return { clipboard, fallback, inserted, label };
  },
};

window.markdownHarness = harness;
