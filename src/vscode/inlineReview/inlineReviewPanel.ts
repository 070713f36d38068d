import type { InlineReview } from '../../core/inlineReview/inlineReview';
import type { WebviewMessage } from '../../protocol/messages';
import { PostingViewPart } from '../viewPart';

/** The panel's part of spec §15: the `Review after edits` toggle's state, `<n> to review`, and `Keep all` / `Undo all`. */
export class InlineReviewPanel extends PostingViewPart {
  constructor(
    private readonly review: InlineReview,
    private readonly afterMode: () => boolean,
    private readonly actions: { setAfterMode(on: boolean): void; keepAll(): void; undoAll(): void },
  ) {
    super();
  }

  handle(message: WebviewMessage): boolean {
    if (message.type === 'ready') this.send();
    if (message.type === 'setReviewAfterEdits') this.actions.setAfterMode(message.on);
    else if (message.type === 'keepAllChanges') this.actions.keepAll();
    else if (message.type === 'undoAllChanges') this.actions.undoAll();
    else return false;
    return true;
  }

  send(): void {
    this.post?.({ type: 'inlineReview', reviewAfterEdits: this.afterMode(), toReview: this.review.count(), files: this.review.paths().length });
  }
}
