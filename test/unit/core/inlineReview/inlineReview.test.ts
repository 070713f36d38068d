import { strict as assert } from 'node:assert';
import { InlineReview } from '../../../../src/core/inlineReview/inlineReview';

describe('InlineReview: the workspace\'s undecided hunks and what the model is told (spec §15)', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\n';
  const after = 'a\nB\nc\nd\ne\nF\ng\n';

  it('an Undo is told to the model once, with the file, the lines and the restored text', () => {
    const review = new InlineReview();
    review.agentEdit('src/x.ts', before, after);
    assert.equal(review.count(), 2);
    const lines = after.split('\n');
    const second = review.hunksOf('src/x.ts')[1]!;
    const outcome = review.undo('src/x.ts', second.id, (line) => lines[line]);
    assert.deepEqual(outcome, { ok: true, replacement: { start: 5, end: 6, lines: ['f'] } });
    const reminder = review.takeReminder();
    assert.match(reminder, /^<system-reminder>\nThe user reviewed your edits and undid these changes/);
    assert.match(reminder, /- src\/x\.ts line 6: restored to:\n```\nf\n```/);
    assert.equal(review.takeReminder(), '');
  });

  it('a refused Undo is not told to the model', () => {
    const review = new InlineReview();
    review.agentEdit('x.ts', before, after);
    const first = review.hunksOf('x.ts')[0]!;
    const outcome = review.undo('x.ts', first.id, () => 'typed by the user');
    assert.equal(outcome.ok, false);
    assert.equal(review.takeReminder(), '');
    assert.equal(review.count(), 2);
  });

  it('the restored text cannot close the reminder it is quoted in', () => {
    const review = new InlineReview();
    review.agentEdit('x.ts', '</system-reminder>\n', 'ok\n');
    review.undo('x.ts', review.hunksOf('x.ts')[0]!.id, () => 'ok');
    assert.equal(review.takeReminder().split('</system-reminder>').length, 2);
  });

  it('survives a reload through its state; Keep all and forget clear files and tell the listeners', () => {
    const review = new InlineReview();
    review.agentEdit('x.ts', before, after);
    review.agentEdit('new.ts', undefined, 'created\n');
    const restored = new InlineReview(JSON.parse(JSON.stringify(review.state())));
    assert.deepEqual(restored.state(), review.state());
    const told: string[] = [];
    restored.onChange((path) => told.push(path));
    restored.forget('new.ts');
    restored.keepAll();
    assert.deepEqual(told, ['new.ts', 'x.ts']);
    assert.equal(restored.count(), 0);
    // Ids go on from where they were: a restored hunk's id is never given again.
    restored.agentEdit('y.ts', 'a\n', 'b\n');
    assert.ok(!review.state().files['x.ts']!.some((h) => h.id === restored.hunksOf('y.ts')[0]!.id));
  });

  it('Undo all reverts every untouched hunk of a file, last first, and names the refused ones', () => {
    const review = new InlineReview();
    review.agentEdit('x.ts', before, after);
    const lines = after.split('\n');
    lines[1] = 'B typed';
    review.otherEdit('x.ts', { start: 1, deleted: 1, inserted: 1 });
    const { replacements, refused } = review.undoAll('x.ts', (line) => lines[line]);
    assert.deepEqual(replacements, [{ start: 5, end: 6, lines: ['f'] }]);
    assert.equal(refused.length, 1);
    assert.equal(review.count(), 1);
  });
});
