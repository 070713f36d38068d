import { strict as assert } from 'node:assert';
import { acceptedProposal } from '../../../../src/core/review/acceptedProposal';

/** Spec §8: Accept writes the user's edit of the proposal, never a version the editor had not reloaded yet. */
describe('acceptedProposal', () => {
  const final = 'line 1\nline 2\nexport const SECOND_EDIT = 2;\n';
  const halfStreamed = 'line 1\nline 2\n// streamed padding li\n';

  it('an editor not reloaded yet (the model\'s last version arrived a moment ago, no edit of the user): the stored proposal', () => {
    assert.equal(acceptedProposal(final, { text: halfStreamed, dirty: false }), final);
  });

  it('an editor with the user\'s unsaved edit: that edit', () => {
    const edited = `${final}// mine\n`;
    assert.equal(acceptedProposal(final, { text: edited, dirty: true }), edited);
  });

  it('an edit the user saved is the stored proposal itself; with no editor open, the stored proposal', () => {
    assert.equal(acceptedProposal(final, undefined), final);
  });

  it('nothing stored any more (the review was closed): what the editor shows, else nothing', () => {
    assert.equal(acceptedProposal(undefined, { text: final, dirty: false }), final);
    assert.equal(acceptedProposal(undefined, undefined), '');
  });
});
