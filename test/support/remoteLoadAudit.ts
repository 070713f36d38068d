/**
 * What in sanitised markup could load something by itself, execute, or navigate: written from the HTML
 * standard's side, not from the sanitizer's rules, so a gap in those shows up here. Runs in a browser.
 */
const LOADING_TAGS = new Set(['script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'video', 'audio', 'source', 'track', 'picture', 'form', 'input', 'svg', 'image', 'use', 'math', 'portal', 'area', 'map', 'param', 'template', 'noscript']);
const LOADING_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'background', 'poster', 'action', 'formaction', 'ping', 'data', 'style', 'xlink:href', 'lowsrc', 'dynsrc', 'target', 'srcdoc', 'codebase', 'usemap', 'cite']);

export function remoteLoadingProblems(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (LOADING_TAGS.has(tag)) problems.push(`<${tag}>`);
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) problems.push(`${tag}[${name}]`);
      else if (LOADING_ATTRIBUTES.has(lower)) problems.push(`${tag}[${name}]`);
      else if (lower === 'src' && !(tag === 'img' && /^data:image\//i.test(value))) problems.push(`${tag}[src=${value.slice(0, 60)}]`);
      else if (lower === 'href' && !(tag === 'a' && /^(https?:|mailto:)/i.test(value))) problems.push(`${tag}[href=${value.slice(0, 60)}]`);
    }
  }
  return problems;
}
