import { strict as assert } from 'node:assert';
import { GitignoreRules } from '../../../../src/core/tools/gitignoreRules';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { gitignoreWorkspace } from './gitignoreFixture';
import type { TempWorkspace } from './toolTestKit';

describe('GitignoreRules', () => {
  let ws: TempWorkspace;
  let rules: GitignoreRules;
  before(async () => {
    ws = await gitignoreWorkspace();
    rules = new GitignoreRules(new NodeWorkspaceFs(ws.root));
  });
  after(() => ws.cleanup());

  const cases: [string, boolean, boolean][] = [
    ['node_modules', true, true],
    ['node_modules/pkg/index.js', false, true],
    ['build', true, true],
    ['debug.log', false, true],
    ['src/deep/trace.log', false, true],
    ['keep.log', false, false],
    ['secret.ts', false, true],
    ['src/secret.ts', false, false],
    ['src/sub/generated.ts', false, true],
    ['src/generated.ts', false, false],
    ['.git', true, true],
    ['.git/HEAD', false, true],
    ['src/a.ts', false, false],
    ['.gitignore', false, false],
  ];
  for (const [path, isDirectory, expected] of cases) {
    it(`${expected ? 'ignores' : 'keeps'} ${path}${isDirectory ? '/' : ''}`, async () => {
      assert.equal(await rules.isIgnored(path, isDirectory), expected);
    });
  }

  it('applies directory-only patterns to directories only', async () => {
    await ws.write('.gitignore', 'out/\n');
    const fresh = new GitignoreRules(new NodeWorkspaceFs(ws.root));
    assert.equal(await fresh.isIgnored('out', true), true);
    assert.equal(await fresh.isIgnored('out', false), false);
    assert.equal(await fresh.isIgnored('lib/out/x.js', false), true);
  });

  it('keeps files inside an ignored directory ignored even if a deeper file negates them', async () => {
    await ws.write('.gitignore', 'vendor/\n');
    await ws.write('vendor/.gitignore', '!*.js\n');
    const fresh = new GitignoreRules(new NodeWorkspaceFs(ws.root));
    assert.equal(await fresh.isIgnored('vendor/lib.js', false), true);
  });

  it('lets a deeper .gitignore re-include what a shallower one excluded', async () => {
    await ws.write('.gitignore', '*.gen\n');
    await ws.write('pkg/.gitignore', '!keep.gen\n');
    const fresh = new GitignoreRules(new NodeWorkspaceFs(ws.root));
    assert.equal(await fresh.isIgnored('pkg/keep.gen', false), false);
    assert.equal(await fresh.isIgnored('pkg/other.gen', false), true);
  });
});
