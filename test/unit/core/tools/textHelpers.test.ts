import { strict as assert } from 'node:assert';
import { HeadTailBuffer } from '../../../../src/core/tools/headTailBuffer';
import { findMostSimilarRegion, similarNames } from '../../../../src/core/tools/similarText';
import { normalizeText, restoreShape, splitLines } from '../../../../src/core/tools/textLines';
import { levenshteinRatio } from '../../../../src/core/tools/textSimilarity';

describe('text helpers', () => {
  it('HeadTailBuffer keeps everything under the cap and head + tail above it', () => {
    const small = new HeadTailBuffer(10);
    small.append('abc');
    small.append('def');
    assert.equal(small.toString(), 'abcdef');
    assert.equal(small.truncated, false);
    const big = new HeadTailBuffer(10);
    for (const c of 'abcdefghijklmnopqrstuvwxyz') big.append(c);
    assert.equal(big.truncated, true);
    assert.equal(big.toString(), 'abcde\n… [16 characters of output omitted] …\nvwxyz');
  });

  it('levenshteinRatio and similarNames', () => {
    assert.equal(levenshteinRatio('kitten', 'kitten'), 1);
    assert.equal(levenshteinRatio('kitten', 'sitting').toFixed(3), (1 - 3 / 7).toFixed(3));
    assert.deepEqual(similarNames('utils.ts', ['util.ts', 'index.ts', 'utils.js', 'zzz']), ['util.ts', 'utils.js']);
  });

  // How fast it is belongs to no unit test (a loaded machine took 2 s here): only what it finds.
  it('findMostSimilarRegion finds the closest window in a large file', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `const value${i} = compute(${i}, 'x');`);
    lines[15000] = 'function target(alpha, beta) {';
    lines[15001] = '  return alpha * beta;';
    const region = findMostSimilarRegion(lines, 'function target(alpha,beta) {\n  return alpha*beta;');
    assert.equal(region?.startLine, 15001);
    assert.equal(region?.endLine, 15002);
    assert.ok(region!.similarity > 0.9);
  });

  it('normalizes and restores line endings and BOM', () => {
    const raw = '\uFEFFa\r\nb\r\n';
    const { text, shape } = normalizeText(raw);
    assert.equal(text, 'a\nb\n');
    assert.equal(restoreShape('a\nc\n', shape), '\uFEFFa\r\nc\r\n');
    assert.deepEqual(splitLines('a\n\nb'), ['a', '', 'b']);
    assert.deepEqual(splitLines(''), []);
  });
});
