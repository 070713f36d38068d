import type { WebviewMessage } from '../../src/protocol/messages';
import { openableLink, REMOTE_IMAGE_ATTRIBUTE } from './remoteContent';

/**
 * The webview never navigates: a click on a link or on a remote image's placeholder is stopped here and the
 * URL is handed to the host, which opens it with `vscode.env.openExternal` (VS Code asks the user first for
 * any domain they have not trusted).
 */
export function guardLinks(root: Document, post: (message: WebviewMessage) => void): void {
  const intercept = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const placeholder = target?.closest(`[${REMOTE_IMAGE_ATTRIBUTE}]`);
    const anchor = target?.closest('a[href], area[href]');
    if (!placeholder && !anchor) return;
    // Only the navigation is stopped: a panel control's own click handler still runs.
    event.preventDefault();
    // Only a primary click (or Enter, which clicks) opens; a middle click just does nothing.
    if (event.type !== 'click') return;
    const url = openableLink((placeholder ? placeholder.getAttribute(REMOTE_IMAGE_ATTRIBUTE) : anchor!.getAttribute('href')) ?? '');
    if (url) post({ type: 'openExternal', url });
  };
  root.addEventListener('click', intercept, true);
  root.addEventListener('auxclick', intercept, true);
}
