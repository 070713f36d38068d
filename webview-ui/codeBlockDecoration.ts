import { codicon } from './codicon';
import { t } from './l10n';

/** What a code block's buttons do beyond the webview (main.ts wires them to host messages). */
export interface CodeBlockActions {
  /** Copy when the webview may not write the clipboard itself: the host uses vscode.env.clipboard. */
  copyFallback(text: string): void;
  /** Insert into the active editor at the cursor. */
  insert(text: string): void;
}

let actions: CodeBlockActions | undefined;
const decorated = new WeakSet<HTMLElement>();
const COPIED_MS = 1500;
/** A Copy button's own accessible name, while it says Copied for a moment. */
const names = new WeakMap<HTMLButtonElement, string>();

export function configureCodeBlockActions(configured: CodeBlockActions): void {
  actions = configured;
}

/**
 * Gives a fenced code block (a `pre > code` that Markdown rendered and DOMPurify cleaned) its toolbar: the
 * language, Copy and Insert at cursor. Built with DOM calls after sanitising, never from the model's HTML, and
 * once per block: a streamed block is decorated when its fence closes.
 */
export function decorateCodeBlock(code: HTMLElement): void {
  const pre = code.parentElement;
  if (!(pre instanceof HTMLPreElement) || decorated.has(pre)) return;
  decorated.add(pre);
  const language = /language-([\w+#-]+)/.exec(code.className)?.[1];
  const toolbar = document.createElement('div');
  toolbar.className = 'code-toolbar';
  const label = document.createElement('span');
  label.className = 'code-language';
  label.textContent = language ?? 'text';
  const copy = toolButton('copy', t('entry.copy'), t('entry.copyCode'), () => copyWithFeedback(code.textContent ?? '', copy));
  const insert = toolButton('insert', t('entry.insert'), t('entry.insertAtCursor'), () => actions?.insert(code.textContent ?? ''));
  toolbar.append(label, copy, insert);
  pre.classList.add('code-block');
  pre.prepend(toolbar);
  // The code scrolls sideways inside the block: the keyboard must reach it too (WCAG 2.1.1).
  code.tabIndex = 0;
}

/** A small toolbar button with an icon and a short label (a code block's, a message's Copy). */
export function toolButton(icon: string, text: string, name: string, run: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'code-action';
  button.title = name;
  button.setAttribute('aria-label', name);
  const label = document.createElement('span');
  label.className = 'code-action-label';
  label.textContent = text;
  button.append(codicon(icon), label);
  button.addEventListener('click', run);
  return button;
}

/** Copies, through the host when the webview may not; the button says Copied for a moment. */
export async function copyWithFeedback(text: string, button: HTMLButtonElement): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard in this webview');
    await navigator.clipboard.writeText(text);
  } catch {
    actions?.copyFallback(text);
  }
  const label = button.querySelector('.code-action-label');
  if (!label) return;
  // The accessible name says what the button shows (it must contain the visible word), then goes back.
  const name = names.get(button) ?? button.getAttribute('aria-label');
  if (name !== null) names.set(button, name);
  label.textContent = t('entry.copied');
  button.setAttribute('aria-label', t('entry.copied'));
  button.dataset.copied = 'true';
  setTimeout(() => {
    label.textContent = t('entry.copy');
    if (name !== null) button.setAttribute('aria-label', name);
    delete button.dataset.copied;
  }, COPIED_MS);
}
