import { ChildAgentView, type TranscriptEntry } from '../src/protocol/transcript';
import { t, tn } from './l10n';

/**
 * The collapsible block inside a parent entry (a Task card) that holds its sub-agent's entries. It is created
 * once and kept across re-renders of the parent, so children, their streaming state and focus survive updates.
 */
export function childGroupOf(parent: HTMLElement): HTMLElement {
  const existing = parent.querySelector<HTMLElement>(':scope > .child-steps > .entry-children');
  if (existing) return existing;
  const details = document.createElement('details');
  details.className = 'child-steps';
  details.open = true;
  const summary = document.createElement('summary');
  summary.textContent = t('card.childActivity');
  // Clicks and Enter/Space on a summary both arrive as click: from then on the user's choice wins.
  summary.addEventListener('click', () => {
    details.dataset.userToggled = 'true';
  });
  const group = document.createElement('div');
  group.className = 'entry-children';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', t('card.childSteps'));
  details.append(summary, group);
  parent.append(details);
  return group;
}

/** Open while the child runs, closed once it ended; a waiting approval always opens it, since the child is stuck until answered. */
export function syncChildSteps(parent: HTMLElement, entry: TranscriptEntry): void {
  const details = parent.querySelector<HTMLDetailsElement>(':scope > .child-steps');
  if (!details) return;
  const group = details.querySelector(':scope > .entry-children');
  const summary = details.querySelector(':scope > summary');
  const count = group?.childElementCount ?? 0;
  if (summary) summary.textContent = tn(count, 'card.childActivityCount.one', 'card.childActivityCount.other');
  const child = ChildAgentView.safeParse(entry.meta?.child);
  const awaitingApproval = details.querySelector('.entry-approval[data-phase="request"]') !== null;
  if (awaitingApproval) details.open = true;
  else if (!details.dataset.userToggled) details.open = !child.success || child.data.status === 'running';
}
