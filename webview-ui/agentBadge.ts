import { t } from './l10n';

/** The small `@name` badge that marks an entry a named agent produced. */
export function agentBadge(agent: string): HTMLElement {
  const badge = document.createElement('span');
  badge.className = 'agent-badge';
  badge.textContent = `@${agent}`;
  badge.title = t('entry.agentBadge', agent);
  return badge;
}

/** Puts the badge in the entry's header (or the summary of its collapsed block); entries without one get it first. */
export function addAgentBadge(content: Node[], agent: string): Node[] {
  const badge = agentBadge(agent);
  for (const node of content) {
    if (!(node instanceof HTMLElement)) continue;
    const header = node.classList.contains('entry-header') ? node : node instanceof HTMLDetailsElement ? node.querySelector(':scope > summary') : null;
    if (header) {
      header.append(badge);
      return content;
    }
  }
  return [badge, ...content];
}
