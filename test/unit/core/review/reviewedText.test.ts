import { strict as assert } from 'node:assert';
import { firstChangedLine } from '../../../../src/core/review/firstChangedLine';
import { livePreview } from '../../../../src/core/review/livePreview';
import { reviewedText } from '../../../../src/core/review/reviewedText';

describe('reviewing a proposal in an editor', () => {
  it('an untouched proposal is not a user edit, whatever the editor did to line endings and the BOM', () => {
    const crlf = 'a\r\nb\r\n';
    assert.equal(reviewedText(crlf, 'a\nb\n'), undefined);
    assert.equal(reviewedText('\uFEFFx\n', 'x\n'), undefined);
    assert.equal(reviewedText('no newline', 'no newline'), undefined);
  });

  it("the user's edit is written in the proposal's line endings, with its BOM and its (missing) final newline", () => {
    assert.equal(reviewedText('a\r\nb\r\n', 'a\nB\n'), 'a\r\nB\r\n');
    assert.equal(reviewedText('\uFEFFa\n', 'b\n'), '\uFEFFb\n');
    assert.equal(reviewedText('a\nb', 'a\nc'), 'a\nc');
    assert.equal(reviewedText('a\n', 'a\n\n'), 'a\n\n', 'an added trailing line is an edit');
  });

  it('live preview: a Write as far as it streamed, in the file\'s line endings; an Edit once its old_string is found once', () => {
    assert.equal(livePreview('Write', '', { path: 'n.py', content: 'print(1' }), 'print(1');
    assert.equal(livePreview('Write', 'x\r\ny\r\n', { path: 'a', content: 'x\nz' }), 'x\r\nz');
    assert.equal(livePreview('Write', 'x', { path: 'a' }), undefined);
    const file = 'one\r\ntwo\r\nthree\r\n';
    assert.equal(livePreview('Edit', file, { path: 'a', old_string: 'two', new_string: 'TW' }), 'one\r\nTW\r\nthree\r\n');
    assert.equal(livePreview('Edit', file, { path: 'a', old_string: 'o' , new_string: 'x' }), undefined, 'ambiguous: twice in the file');
    assert.equal(livePreview('Edit', file, { path: 'a', old_string: 'zzz', new_string: 'x' }), undefined);
    assert.equal(livePreview('Edit', file, { path: 'a', old_string: 'two' }), undefined, 'old_string may still be streaming');
    assert.equal(livePreview('MultiEdit', file, { path: 'a', edits: '[]' }), undefined);
  });

  it('the CodeLens sits on the first changed line', () => {
    assert.equal(firstChangedLine('a\nb\nc\n', 'a\nb\nC\n'), 2);
    assert.equal(firstChangedLine('', 'new\n'), 0);
    assert.equal(firstChangedLine('a\nb\n', 'a\nb\nc\n'), 2);
  });
});
