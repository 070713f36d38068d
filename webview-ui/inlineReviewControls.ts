import type { HostMessage } from '../src/protocol/messages';
import { fill, hasChangesEntry, setChangesToReview, whenReviewBarsPlaced } from './changesReviewBar';
import { post } from './vscodeApi';

type InlineReviewMessage = Extract<HostMessage, { type: 'inlineReview' }>;

/**
 * Spec §15 in the panel: the `Review after edits` toggle beside the input (a click flips it at once; the host's
 * answer wins), and `<n> to review` with `Keep all` / `Undo all` in the latest changes entry — above the input
 * when the conversation shown has none (hunks survive a new chat and reloads).
 */
export class InlineReviewControls {
  private on = false;
  private waiting = { toReview: 0, files: 0 };

  constructor(private readonly toggle: HTMLElement, private readonly fallback: HTMLElement) {
    toggle.addEventListener('click', () => {
      this.setToggle(!this.on);
      post({ type: 'setReviewAfterEdits', on: this.on });
    });
    whenReviewBarsPlaced(() => this.placeFallback());
  }

  show(message: InlineReviewMessage): void {
    this.setToggle(message.reviewAfterEdits);
    this.waiting = { toReview: message.toReview, files: message.files };
    setChangesToReview(this.waiting);
  }

  /** The bar moves into a changes entry once there is one. */
  private placeFallback(): void {
    fill(this.fallback, hasChangesEntry() ? { toReview: 0, files: 0 } : this.waiting);
  }

  private setToggle(on: boolean): void {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
  }
}
