import { strict as assert } from 'node:assert';
import { firstChangedLine } from '../../../../src/core/review/firstChangedLine';
import { livePreview } from '../../../../src/core/review/livePreview';

describe('live preview and CodeLens position', () => {
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
