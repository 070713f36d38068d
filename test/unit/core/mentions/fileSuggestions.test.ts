import { strict as assert } from 'node:assert';
import { rankPathSuggestions, withFolders } from '../../../../src/core/mentions/fileSuggestions';

describe('@ autocomplete ranking', () => {
  const paths = withFolders(['src/auth/login.ts', 'src/util/auth.ts', 'docs/authoring.md', 'src/a.ts', 'test/auth.test.ts', 'README.md']);

  it('derives folders from file paths', () => {
    assert.deepEqual(paths.filter((p) => p.kind === 'directory').map((p) => p.path).sort(), ['docs', 'src', 'src/auth', 'src/util', 'test']);
  });

  it('ranks name prefix > name substring > path > subsequence, shorter first', () => {
    const ranked = rankPathSuggestions(paths, 'auth').map((p) => p.path);
    assert.deepEqual(ranked.slice(0, 5), ['src/auth', 'src/util/auth.ts', 'docs/authoring.md', 'test/auth.test.ts', 'src/auth/login.ts']);
  });

  it('matches scattered letters as a last resort and is case-insensitive', () => {
    assert.deepEqual(rankPathSuggestions(paths, 'SUL').map((p) => p.path), ['src/util', 'src/util/auth.ts', 'src/auth/login.ts']);
    assert.deepEqual(rankPathSuggestions(paths, 'zzz'), []);
  });

  it('limits the number of suggestions', () => {
    assert.equal(rankPathSuggestions(paths, '', 3).length, 3);
  });
});
