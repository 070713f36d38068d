// Records, inside the webview, every distinct text an element takes on, so a test can tell that
// a reply streamed in (grew over several renders) rather than appeared at once.
import type { Frame } from 'playwright-core';

const KEY = '__codeagentE2eTexts';

// Plain source text: functions passed to evaluate() would carry tsx's `__name` helper calls,
// which do not exist in the page.
const RECORDER = `(({ key, selector }) => {
  const texts = [];
  window[key] = texts;
  function sample() {
    const all = document.querySelectorAll(selector);
    const text = all.length ? (all[all.length - 1].textContent || '') : '';
    if (text && text !== texts[texts.length - 1]) texts.push(text);
  }
  new MutationObserver(sample).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  sample();
})`;

/** Starts recording the textContent of the last element matching `selector` after every DOM mutation. */
export async function recordTexts(frame: Frame, selector: string): Promise<void> {
  await frame.evaluate(`${RECORDER}(${JSON.stringify({ key: KEY, selector })})`);
}

/** The distinct texts recorded so far, in order. */
export async function recordedTexts(frame: Frame): Promise<string[]> {
  return (await frame.evaluate(`[...(window[${JSON.stringify(KEY)}] || [])]`)) as string[];
}
