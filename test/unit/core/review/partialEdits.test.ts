import { strict as assert } from 'node:assert';
import { livePreview } from '../../../../src/core/review/livePreview';
import { multiEditPreview } from '../../../../src/core/review/multiEditPreview';
import { partialEdits } from '../../../../src/core/review/partialEdits';

const tagged = '\n<edit>\n<old_string>alpha</old_string>\n<new_string>ALPHA</new_string>\n</edit>\n<edit>\n<old_string>gamma</old_string>\n<new_string>GAMMA</new_string>\n</edit>\n';
const file = 'alpha\r\nbeta\r\ngamma\r\n';

/** Every prefix of `text`, as the stream delivers it. */
const prefixes = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => text.slice(0, i));

describe('a MultiEdit as it streams', () => {
  it('an edit is usable once its old_string closed and its new_string began; new_string may still grow', () => {
    assert.deepEqual(partialEdits('<edit><old_string>alp'), []);
    assert.deepEqual(partialEdits('<edit><old_string>alpha</old_string>'), []);
    assert.deepEqual(partialEdits('<edit><old_string>alpha</old_string><new_string>AL'), [{ old_string: 'alpha', new_string: 'AL', replace_all: false, complete: false }]);
    assert.deepEqual(partialEdits('<edit><old_string>alpha</old_string><new_string>ALPHA</new_'), [{ old_string: 'alpha', new_string: 'ALPHA', replace_all: false, complete: false }], 'a closing tag still arriving is not text');
    assert.deepEqual(partialEdits(tagged).map((e) => [e.old_string, e.new_string, e.complete]), [['alpha', 'ALPHA', true], ['gamma', 'GAMMA', true]]);
    assert.deepEqual(partialEdits('<edit><old_string>a</old_string><new_string>b</new_string><replace_all>true</replace_all></edit>')[0]!.replace_all, true);
  });

  it('a JSON array: each object applies once it has closed', () => {
    const json = JSON.stringify([{ old_string: 'alpha', new_string: 'A "}' }, { old_string: 'gamma', new_string: 'G', replace_all: true }]);
    assert.deepEqual(partialEdits(json.slice(0, json.indexOf('},') - 1)), []);
    assert.deepEqual(partialEdits(json.slice(0, json.indexOf('},') + 1)), [{ old_string: 'alpha', new_string: 'A "}', replace_all: false, complete: true }]);
    assert.deepEqual(partialEdits(json).map((e) => e.replace_all), [false, true]);
  });

  it('the preview applies the edits in order as they arrive, in the file\'s line endings', () => {
    const previews = [...new Set(prefixes(tagged).map((p) => multiEditPreview(file, p)))];
    assert.deepEqual(previews, [
      undefined,
      'alpha\r\nbeta\r\ngamma\r\n'.replace('alpha', ''),
      'A\r\nbeta\r\ngamma\r\n', 'AL\r\nbeta\r\ngamma\r\n', 'ALP\r\nbeta\r\ngamma\r\n', 'ALPH\r\nbeta\r\ngamma\r\n',
      'ALPHA\r\nbeta\r\ngamma\r\n',
      'ALPHA\r\nbeta\r\n\r\n', 'ALPHA\r\nbeta\r\nG\r\n', 'ALPHA\r\nbeta\r\nGA\r\n', 'ALPHA\r\nbeta\r\nGAM\r\n', 'ALPHA\r\nbeta\r\nGAMM\r\n',
      'ALPHA\r\nbeta\r\nGAMMA\r\n',
    ]);
    assert.equal(livePreview('MultiEdit', file, { path: 'a', edits: tagged }), 'ALPHA\r\nbeta\r\nGAMMA\r\n');
  });

  it('each edit applies to the result of the previous one; one that does not apply stops the preview there', () => {
    const chained = '<edit><old_string>alpha</old_string><new_string>one</new_string></edit><edit><old_string>one</old_string><new_string>two</new_string></edit>';
    assert.equal(multiEditPreview(file, chained), 'two\r\nbeta\r\ngamma\r\n');
    const missing = '<edit><old_string>alpha</old_string><new_string>A</new_string></edit><edit><old_string>zzz</old_string><new_string>Z</new_string></edit><edit><old_string>gamma</old_string><new_string>G</new_string></edit>';
    assert.equal(multiEditPreview(file, missing), 'A\r\nbeta\r\ngamma\r\n');
    const ambiguous = '<edit><old_string>a</old_string><new_string>x</new_string></edit>';
    assert.equal(multiEditPreview(file, ambiguous), undefined, 'found more than once without replace_all');
    assert.equal(multiEditPreview('a a', `${ambiguous.slice(0, -7)}<replace_all>true</replace_all></edit>`), 'x x');
    assert.equal(multiEditPreview(file, undefined), undefined);
  });
});
