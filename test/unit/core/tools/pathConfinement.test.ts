import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveWorkspacePath } from '../../../../src/core/tools/pathConfinement';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { ToolFailure } from '../../../../src/core/tools/toolResults';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { makeHarness, TempWorkspace } from './toolTestKit';

async function refusal(promise: Promise<unknown>): Promise<ToolFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ToolFailure, `expected a ToolFailure, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the path to be refused');
}

describe('pathConfinement', () => {
  let ws: TempWorkspace;
  let outside: string;
  let fs: NodeWorkspaceFs;

  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/a.ts': 'a\n' });
    outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-outside-'));
    await fsp.writeFile(path.join(outside, 'secret.txt'), 'secret\n');
    fs = new NodeWorkspaceFs(ws.root);
  });
  afterEach(async () => {
    await ws.cleanup();
    await fsp.rm(outside, { recursive: true, force: true });
  });

  it('normalizes relative paths and the root', async () => {
    assert.equal(await resolveWorkspacePath(fs, 'src/a.ts'), 'src/a.ts');
    assert.equal(await resolveWorkspacePath(fs, './src/../src//a.ts'), 'src/a.ts');
    assert.equal(await resolveWorkspacePath(fs, '.'), '.');
    assert.equal(await resolveWorkspacePath(fs, ''), '.');
    assert.equal(await resolveWorkspacePath(fs, 'new/dir/file.ts'), 'new/dir/file.ts');
  });

  it('accepts absolute paths inside the workspace and makes them relative', async () => {
    assert.equal(await resolveWorkspacePath(fs, `${fs.root}/src/a.ts`), 'src/a.ts');
    assert.equal(await resolveWorkspacePath(fs, fs.root), '.');
  });

  it("refuses '..' escapes and absolute paths outside, with a clear message", async () => {
    const up = await refusal(resolveWorkspacePath(fs, '../x.txt'));
    assert.equal(up.code, 'outside_workspace');
    assert.match(up.message, /^Path '\.\.\/x\.txt' is outside the workspace/);
    await refusal(resolveWorkspacePath(fs, 'src/../../x.txt'));
    const abs = await refusal(resolveWorkspacePath(fs, path.join(outside, 'secret.txt')));
    assert.match(abs.message, /is outside the workspace/);
    // A sibling directory whose name merely starts with the root's name is outside too.
    await refusal(resolveWorkspacePath(fs, `${fs.root}-other/x`));
  });

  it('refuses symbolic links that lead outside, for existing and new files', async () => {
    await fsp.symlink(outside, ws.abs('out'));
    await fsp.symlink(path.join(outside, 'secret.txt'), ws.abs('secret-link.txt'));
    await fsp.symlink(path.join(outside, 'missing.txt'), ws.abs('dangling.txt'));
    for (const p of ['out', 'out/secret.txt', 'out/new-file.txt', 'secret-link.txt', 'dangling.txt']) {
      const failure = await refusal(resolveWorkspacePath(fs, p));
      assert.equal(failure.code, 'outside_workspace', p);
      assert.match(failure.message, /symbolic links/);
    }
  });

  it('accepts symbolic links that stay inside', async () => {
    await fsp.symlink(ws.abs('src'), ws.abs('src-link'));
    assert.equal(await resolveWorkspacePath(fs, 'src-link/a.ts'), 'src-link/a.ts');
  });

  it('makes every tool refuse escapes as an error result, touching nothing outside', async () => {
    await fsp.symlink(outside, ws.abs('out'));
    const h = makeHarness(ws);
    const registry = createDefaultToolRegistry();
    const calls: [string, Record<string, unknown>][] = [
      ['Read', { path: '../secret.txt' }],
      ['Read', { path: 'out/secret.txt' }],
      ['Write', { path: 'out/pwned.txt', content: 'x' }],
      ['Edit', { path: 'out/secret.txt', old_string: 'secret', new_string: 'x' }],
      ['LS', { path: '..' }],
      ['Glob', { pattern: '*', path: 'out' }],
      ['Grep', { pattern: 'secret', path: 'out' }],
    ];
    for (const [name, params] of calls) {
      const result = await registry.invoke(name, params, h.ctx);
      assert.equal(result.status, 'error', name);
      assert.equal(result.error?.code, 'outside_workspace', name);
    }
    assert.equal(h.approvals.length, 0);
    assert.deepEqual((await fsp.readdir(outside)).sort(), ['secret.txt']);
    assert.equal(await fsp.readFile(path.join(outside, 'secret.txt'), 'utf8'), 'secret\n');
  });
});
