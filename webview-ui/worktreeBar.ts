import type { WorktreeView } from '../src/protocol/messages';
import { codicon } from './codicon';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t } from './l10n';

/**
 * Spec §19: the worktree a conversation works in, above the input (`data-kind="worktree"`, `data-branch`,
 * `data-state`): the branch, `Apply to workspace`, `Open in New Window`, `Discard worktree`, and what the user should
 * know (it started from HEAD without their uncommitted changes; its folder is gone). Hidden for a conversation
 * in the user's own working tree.
 */
export class WorktreeBar {
  constructor(private readonly section: HTMLElement) {}

  show(worktree: WorktreeView | null): void {
    this.section.hidden = worktree === null;
    if (!worktree) {
      delete this.section.dataset.branch;
      delete this.section.dataset.path;
      return this.section.replaceChildren();
    }
    this.section.dataset.kind = 'worktree';
    this.section.dataset.branch = worktree.branch;
    this.section.dataset.state = worktree.state;
    this.section.dataset.path = worktree.path;
    const head = document.createElement('div');
    head.className = 'worktree-head';
    head.title = t('worktree.title', worktree.path);
    const label = document.createElement('span');
    label.className = 'worktree-label';
    label.textContent = t('worktree.label');
    const branch = document.createElement('code');
    branch.className = 'worktree-branch';
    branch.textContent = worktree.branch;
    head.append(codicon('git-branch'), label, branch);
    const actions = document.createElement('div');
    actions.className = 'worktree-actions';
    const busy = worktree.working !== undefined;
    if (worktree.state === 'ready') {
      const apply = vscodeButton(worktree.working === 'applying' ? t('worktree.applying') : t('worktree.apply'), () => post({ type: 'worktreeAction', action: 'apply' }));
      apply.title = t('worktree.applyTitle');
      apply.setAttribute('aria-label', t('worktree.apply'));
      apply.toggleAttribute('disabled', busy);
      actions.append(apply, iconButton('empty-window', t('worktree.openWindow'), () => post({ type: 'worktreeAction', action: 'openWindow' }), busy));
    }
    actions.append(iconButton('trash', worktree.working === 'discarding' ? t('worktree.discarding') : t('worktree.discard'), () => post({ type: 'worktreeAction', action: 'discard' }), busy, t('worktree.discard')));
    const notes = [worktree.state === 'missing' ? t('worktree.missing') : worktree.startedWithoutUncommitted ? t('worktree.fromHead') : undefined]
      .filter((text): text is string => text !== undefined).map((text) => {
        const note = document.createElement('p');
        note.className = 'worktree-note';
        note.textContent = text;
        return note;
      });
    this.section.replaceChildren(head, actions, ...notes);
  }
}

function iconButton(icon: string, title: string, onClick: () => void, disabled: boolean, name = title): HTMLElement {
  const button = document.createElement('button');
  button.className = 'icon-button';
  button.title = title;
  button.setAttribute('aria-label', name);
  button.disabled = disabled;
  button.append(codicon(icon));
  button.addEventListener('click', onClick);
  return button;
}
