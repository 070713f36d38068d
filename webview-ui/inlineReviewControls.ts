import type { HostMessage } from '../src/protocol/messages';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';

type InlineReviewMessage = Extract<HostMessage, { type: 'inlineReview' }>;

/**
 * Spec §15 in the panel: the `Review after edits` toggle beside the input (a click flips it at once; the host's
 * answer wins), and `<n> to review` with `Keep all` / `Undo all` while hunks wait in the editors.
 */
export class InlineReviewControls {
  private on = false;

  constructor(private readonly toggle: HTMLElement, private readonly section: HTMLElement) {
    toggle.addEventListener('click', () => {
      this.setToggle(!this.on);
      post({ type: 'setReviewAfterEdits', on: this.on });
    });
  }

  show(message: InlineReviewMessage): void {
    this.setToggle(message.reviewAfterEdits);
    this.section.hidden = message.toReview === 0;
    if (message.toReview === 0) return this.section.replaceChildren();
    const count = document.createElement('span');
    count.className = 'to-review-count';
    count.textContent = `${message.toReview} to review`;
    count.title = `${message.toReview} change${message.toReview === 1 ? '' : 's'} in ${message.files} file${message.files === 1 ? '' : 's'} wait for Keep or Undo in the editor`;
    const keep = vscodeButton('Keep all', () => post({ type: 'keepAllChanges' }), { secondary: true });
    const undo = vscodeButton('Undo all', () => post({ type: 'undoAllChanges' }), { secondary: true });
    this.section.replaceChildren(count, keep, undo);
  }

  private setToggle(on: boolean): void {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
    this.toggle.toggleAttribute('secondary', !on);
    this.toggle.classList.toggle('pressed', on);
  }
}
