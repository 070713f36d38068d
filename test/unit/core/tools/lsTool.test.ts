import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { LsData } from '../../../../src/core/tools/lsTool';
import { gitignoreWorkspace } from './gitignoreFixture';
import { makeHarness, type Harness, type TempWorkspace } from './toolTestKit';

const registry = createDefaultToolRegistry();

describe('LS', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await gitignoreWorkspace();
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('lists direct children, directories first, hiding .gitignore matches and .git', async () => {
    const result = await registry.invoke('LS', { path: '.' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    const data = result.data as LsData;
    assert.deepEqual(
      data.entries.map((e) => e.path),
      ['docs/', 'src/', '.gitignore', 'keep.log', 'README.md'],
    );
    assert.equal(data.hiddenByGitignore, 4, 'build, node_modules, debug.log, secret.ts; .git is skipped silently');
    assert.equal(result.text.split('\n')[0], './ (2 directories, 3 files, 4 hidden by .gitignore)');
  });

  it('descends to the requested depth as an indented tree, honouring nested .gitignore files', async () => {
    const result = await registry.invoke('LS', { path: 'src', depth: '2' }, h.ctx);
    assert.equal(
      result.text,
      ['src/ (1 directory, 5 files, 1 hidden by .gitignore)', 'sub/', '  .gitignore', '  c.ts', 'a.ts', 'b.ts', 'secret.ts'].join('\n'),
    );
  });

  it('marks symbolic links', async () => {
    await fsp.symlink(ws.abs('src/a.ts'), ws.abs('docs/a-link.ts'));
    const result = await registry.invoke('LS', { path: 'docs' }, h.ctx);
    assert.ok((result.data as LsData).entries.some((e) => e.path === 'a-link.ts@' && e.type === 'symlink'));
  });

  it('reports missing directories and files given as directories', async () => {
    assert.equal((await registry.invoke('LS', { path: 'nope' }, h.ctx)).error?.code, 'file_not_found');
    const file = await registry.invoke('LS', { path: 'README.md' }, h.ctx);
    assert.equal(file.error?.code, 'not_a_directory');
    assert.match(file.error!.message, /Use Read/);
    assert.equal((await registry.invoke('LS', { path: '.', depth: 99 }, h.ctx)).error?.code, 'invalid_params');
  });

  it('compresses to directory, counts and the first 20 entries', async () => {
    for (let i = 0; i < 30; i++) await ws.write(`many/f${String(i).padStart(2, '0')}.txt`, '');
    const result = await registry.invoke('LS', { path: 'many' }, h.ctx);
    const record = JSON.parse(registry.compress('LS', { path: 'many' }, result));
    assert.equal(record.status, 'success');
    assert.equal(record.data.path, 'many');
    assert.equal(record.data.files, 30);
    assert.equal(record.data.entries.length, 20);
    assert.equal(record.data.more, 10);
    assert.equal(record.text, undefined);
  });
});
