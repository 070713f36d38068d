import { t } from '../l10n';

/**
 * Model and tool output may carry text a prompt-injected file wrote: nothing in it may make the panel load
 * a remote resource (an image URL can carry workspace data to an attacker) or navigate the webview. Remote
 * images become a placeholder button, links open only through the host (VS Code's external-link
 * confirmation), and every other way HTML has to fetch something is dropped. Only `data:` images render.
 */

/** Tags that fetch, embed, navigate or restyle on their own; none has a safe use in a chat answer. */
export const REMOTE_LOADING_TAGS = [
  'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'form', 'input', 'button',
  'select', 'textarea', 'video', 'audio', 'source', 'track', 'picture', 'portal', 'map', 'area', 'svg', 'math', 'image', 'noscript', 'template',
];

/** Attributes that fetch (or submit, ping, restyle) by themselves, whatever element carries them. */
export const REMOTE_LOADING_ATTRIBUTES = [
  'style', 'srcset', 'imagesrcset', 'background', 'poster', 'action', 'formaction', 'ping', 'lowsrc', 'dynsrc', 'longdesc', 'codebase',
  'archive', 'data', 'manifest', 'xlink:href', 'target', 'download', 'usemap', 'cite', 'itemtype', 'profile', 'classid',
];

/** Schemes a link may open with, after the user clicks it and VS Code confirms. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The attribute our own placeholder carries; ALLOW_DATA_ATTR is off, so model HTML cannot forge it. */
export const REMOTE_IMAGE_ATTRIBUTE = 'data-remote-image';

/** A URL as the webview would resolve it, or undefined when it does not parse. */
function resolve(value: string): URL | undefined {
  try {
    // A fixed base: a relative or protocol-relative URL must not inherit the webview's own origin.
    return new URL(value.trim(), 'codeagent-relative://local/');
  } catch {
    return undefined;
  }
}

function isDataImage(value: string): boolean {
  return /^data:image\/(png|gif|jpe?g|webp|bmp|avif);/i.test(value.trim());
}

/** The URL a link may open, or undefined: only http(s) and mailto, never relative, javascript:, data: or command:. */
export function openableLink(href: string): string | undefined {
  const url = resolve(href);
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
}

/** The remote image a placeholder can offer to open, or undefined (then the image is simply dropped). */
export function remoteImage(src: string): URL | undefined {
  const url = resolve(src);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

/**
 * DOMPurify's afterSanitizeAttributes hook: only `data:` images keep a src (a remote one is marked for the
 * placeholder), only openable links keep an href, and no other element keeps a src or href.
 */
export function neutraliseRemoteAttributes(node: Element): void {
  // DOMPurify already dropped REMOTE_LOADING_ATTRIBUTES (FORBID_ATTR); most elements have nothing left to check.
  if (!node.hasAttribute('src') && !node.hasAttribute('href')) return;
  const tag = node.tagName.toLowerCase();
  const src = node.getAttribute('src');
  if (src !== null) {
    node.removeAttribute('src');
    if (tag === 'img' && isDataImage(src)) node.setAttribute('src', src.trim());
    else if (tag === 'img' && remoteImage(src)) node.setAttribute(REMOTE_IMAGE_ATTRIBUTE, remoteImage(src)!.href);
  }
  const href = node.getAttribute('href');
  if (href !== null) {
    node.removeAttribute('href');
    const link = tag === 'a' ? openableLink(href) : undefined;
    if (link) node.setAttribute('href', link);
  }
}

/** Replaces each marked remote image with a button the user must click; the host opens the URL, after VS Code confirms. */
export function replaceRemoteImages(root: Element): void {
  for (const image of root.querySelectorAll(`img[${REMOTE_IMAGE_ATTRIBUTE}]`)) {
    const url = image.getAttribute(REMOTE_IMAGE_ATTRIBUTE)!;
    const host = new URL(url).host;
    const button = root.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'link remote-image';
    button.setAttribute(REMOTE_IMAGE_ATTRIBUTE, url);
    button.title = url;
    const alt = image.getAttribute('alt');
    button.textContent = alt ? t('entry.loadImageAlt', host, alt) : t('entry.loadImage', host);
    image.replaceWith(button);
  }
}
