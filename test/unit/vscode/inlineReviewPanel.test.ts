import { strict as assert } from 'node:assert';
import { InlineReview } from '../../../src/core/inlineReview/inlineReview';
import { HostMessage, WebviewMessage } from '../../../src/protocol/messages';
import { InlineReviewPanel } from '../../../src/vscode/inlineReview/inlineReviewPanel';

/** Spec §15 in the panel: the `Review after edits` toggle and `<n> to review` with Keep all / Undo all. */
describe('InlineReviewPanel', () => {
  it('tells the view the mode and the hunks to review; the toggle, Keep all and Undo all reach their actions', () => {
    const review = new InlineReview();
    review.agentEdit('a.ts', 'a\nb\nc\nd\n', 'A\nb\nc\nD\n');
    review.agentEdit('b.ts', undefined, 'new\n');
    let after = true;
    const done: string[] = [];
    const panel = new InlineReviewPanel(review, () => after, {
      setAfterMode: (on) => done.push(`after=${on}`),
      keepAll: () => done.push('keepAll'),
      undoAll: () => done.push('undoAll'),
    });
    const posted: HostMessage[] = [];
    panel.attach((message) => posted.push(HostMessage.parse(message)));
    assert.equal(panel.handle(WebviewMessage.parse({ type: 'ready' })), false, '`ready` is the chat\'s too');
    assert.deepEqual(posted, [{ type: 'inlineReview', reviewAfterEdits: true, toReview: 3, files: 2 }]);
    for (const message of [{ type: 'setReviewAfterEdits', on: false }, { type: 'keepAllChanges' }, { type: 'undoAllChanges' }]) {
      assert.equal(panel.handle(WebviewMessage.parse(message)), true);
    }
    assert.deepEqual(done, ['after=false', 'keepAll', 'undoAll']);
    after = false;
    review.keepAll('b.ts');
    panel.send();
    assert.deepEqual(posted.at(-1), { type: 'inlineReview', reviewAfterEdits: false, toReview: 2, files: 1 });
    assert.equal(panel.handle(WebviewMessage.parse({ type: 'stop' })), false);
  });
});
