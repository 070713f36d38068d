import { post } from './vscodeApi';
import { t } from './l10n';

export interface MentionRef {
  path: string;
  kind: string;
}

/** Replaces each known `@path` in the rendered message with a chip that opens the file. */
export function linkMentions(root: HTMLElement, mentions: readonly MentionRef[]): void {
  if (mentions.length === 0) return;
  const byToken = new Map(mentions.map((m) => [`@${m.path}`, m]));
  const tokens = [...byToken.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // Same boundary rule as the host: not preceded by a letter or digit, not followed by more path characters.
  const pattern = new RegExp(`(?<![A-Za-z0-9])(${tokens.join('|')})(?![A-Za-z0-9/_-]|\\.[A-Za-z0-9])`, 'g');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest('code, pre, a, .mention-chip') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const textNodes: Text[] = [];
  while (walker.nextNode()) textNodes.push(walker.currentNode as Text);
  for (const node of textNodes) {
    const text = node.data;
    pattern.lastIndex = 0;
    if (!pattern.test(text)) continue;
    pattern.lastIndex = 0;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      const mention = byToken.get(match[0])!;
      fragment.append(text.slice(last, match.index), chip(mention));
      last = match.index + match[0].length;
    }
    fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
}

function chip(mention: MentionRef): HTMLElement {
  const button = document.createElement('button');
  button.className = `mention-chip mention-${mention.kind}`;
  button.dataset.path = mention.path;
  button.textContent = `@${mention.path}`;
  button.title = mention.kind === 'directory' ? t('mention.reveal', mention.path) : t('mention.open', mention.path);
  button.addEventListener('click', () => post({ type: 'openFile', path: mention.path }));
  return button;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
