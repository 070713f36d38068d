import { strict as assert } from 'node:assert';
import { findMentionCandidates } from '../../../../src/core/mentions/mentionCandidates';
import { findFileReferences } from '../../../../src/core/mentions/fileReferences';
import { pathSpellings } from '../../../../src/core/mentions/pathSpellings';

const raws = (text: string) => findMentionCandidates(text).map((c) => c.raw);

describe('findMentionCandidates', () => {
  it('finds @paths with their spans, in order', () => {
    const text = 'look at @src/a.ts and @docs/';
    assert.deepEqual(findMentionCandidates(text), [
      { raw: 'src/a.ts', start: 8, end: 17 },
      { raw: 'docs/', start: 22, end: 28 },
    ]);
    assert.equal(text.slice(8, 17), '@src/a.ts');
  });

  it('ignores an @ glued to a preceding letter or digit, like an e-mail address', () => {
    assert.deepEqual(raws('mail a@b.com or 1@x'), []);
    assert.deepEqual(raws('(@src/a.ts)'), ['src/a.ts']);
    assert.deepEqual(raws('"@a.ts", _@b.ts'), ['a.ts', 'b.ts']);
  });

  it('still finds a mention right after CJK text written without spaces', () => {
    assert.deepEqual(raws('请看@src/a.ts'), ['src/a.ts']);
  });

  it('keeps the sentence full stop the pattern swallows; the resolver decides', () => {
    assert.deepEqual(raws('Fix @src/a.ts.'), ['src/a.ts.']);
  });

  it('leaves the @file: smart-context syntax alone', () => {
    assert.deepEqual(raws('@file:agent and @file'), ['file']);
  });
});

describe('findFileReferences', () => {
  it('takes every non-space character after @file: as the keyword', () => {
    assert.deepEqual(findFileReferences('use @file:src/a.ts and @file:agent, not x@file:b'), [
      { keyword: 'src/a.ts', start: 4, end: 18 },
      { keyword: 'agent,', start: 23, end: 35 },
    ]);
  });
});

describe('pathSpellings', () => {
  it('tries the literal text first, then without trailing sentence punctuation', () => {
    assert.deepEqual(pathSpellings('src/a.ts'), ['src/a.ts']);
    assert.deepEqual(pathSpellings('src/a.ts.'), ['src/a.ts.', 'src/a.ts']);
    assert.deepEqual(pathSpellings('agent),'), ['agent),', 'agent']);
    assert.deepEqual(pathSpellings('...'), ['...']);
  });
});
