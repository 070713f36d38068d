import { strict as assert } from 'node:assert';
import { globMatcher, includeMatcher, staticPrefix } from '../../../../src/core/tools/globPattern';

describe('globPattern', () => {
  const matches = (glob: string, path: string) => globMatcher(glob)(path);

  it('keeps * and ? inside one segment', () => {
    assert.ok(matches('*.ts', 'a.ts'));
    assert.ok(!matches('*.ts', 'src/a.ts'));
    assert.ok(matches('src/?.ts', 'src/a.ts'));
    assert.ok(!matches('src/?.ts', 'src/ab.ts'));
    assert.ok(matches('*', '.eslintrc'), 'dotfiles match');
  });

  it('lets ** span any number of directories, including none', () => {
    assert.ok(matches('**/*.ts', 'a.ts'));
    assert.ok(matches('**/*.ts', 'src/deep/a.ts'));
    assert.ok(matches('src/**/*.ts', 'src/a.ts'));
    assert.ok(matches('src/**/*.ts', 'src/x/y/a.ts'));
    assert.ok(!matches('src/**/*.ts', 'lib/a.ts'));
    assert.ok(matches('src/**', 'src/x/y'));
    assert.ok(matches('a**b', 'axxb') && !matches('a**b', 'ax/xb'));
  });

  it('supports braces, classes and escapes', () => {
    assert.ok(matches('*.{ts,tsx}', 'a.tsx'));
    assert.ok(!matches('*.{ts,tsx}', 'a.js'));
    assert.ok(matches('{src,test}/**/*.ts', 'test/x/a.ts'));
    assert.ok(matches('file[0-9].txt', 'file7.txt'));
    assert.ok(matches('file[!0-9].txt', 'fileA.txt') && !matches('file[!0-9].txt', 'file7.txt'));
    assert.ok(matches('a\\*b', 'a*b') && !matches('a\\*b', 'axb'));
    assert.ok(matches('a.b', 'a.b') && !matches('a.b', 'axb'), 'regex characters are literal');
  });

  it('finds the static prefix to start walking from', () => {
    assert.equal(staticPrefix('src/core/**/*.ts'), 'src/core');
    assert.equal(staticPrefix('**/*.ts'), '');
    assert.equal(staticPrefix('src/*.ts'), 'src');
    assert.equal(staticPrefix('{a,b}/x.ts'), '');
  });

  it('matches include globs without a slash against the file name, like ripgrep', () => {
    assert.ok(includeMatcher('*.ts')('deep/dir/a.ts'));
    assert.ok(!includeMatcher('sub/*.ts')('deep/sub/a.ts'));
    assert.ok(includeMatcher('**/sub/*.ts')('deep/sub/a.ts'));
  });
});
