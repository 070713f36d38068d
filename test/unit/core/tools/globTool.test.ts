import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { GlobData } from '../../../../src/core/tools/globTool';
import { gitignoreWorkspace } from './gitignoreFixture';
import { makeHarness, type Harness, type TempWorkspace } from './toolTestKit';

const registry = createDefaultToolRegistry();

describe('Glob', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await gitignoreWorkspace();
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  const files = async (params: Record<string, unknown>) => {
    const result = await registry.invoke('Glob', params, h.ctx);
    assert.equal(result.status, 'success', result.text);
    return (result.data as GlobData).files;
  };

  it('finds files at any depth with **, newest first, skipping ignored files', async () => {
    assert.deepEqual(await files({ pattern: '**/*.ts' }), ['src/secret.ts', 'src/sub/c.ts', 'src/b.ts', 'src/a.ts']);
  });

  it('keeps * within the search directory and resolves the pattern against path', async () => {
    assert.deepEqual(await files({ pattern: '*.md' }), ['README.md']);
    assert.deepEqual((await files({ pattern: '*.ts', path: 'src' })).sort(), ['src/a.ts', 'src/b.ts', 'src/secret.ts']);
    assert.deepEqual((await files({ pattern: '**/*.{md,log}' })).sort(), ['README.md', 'docs/guide.md', 'keep.log']);
    assert.deepEqual(await files({ pattern: 'src/sub/*.ts' }), ['src/sub/c.ts']);
  });

  it('says so when nothing matches, and caps long result lists', async () => {
    const none = await registry.invoke('Glob', { pattern: '**/*.py' }, h.ctx);
    assert.equal(none.text, "No files match '**/*.py'.");
    for (let i = 0; i < 120; i++) await ws.write(`gen/f${i}.txt`, '');
    const many = await registry.invoke('Glob', { pattern: 'gen/*.txt' }, h.ctx);
    const data = many.data as GlobData;
    assert.equal(data.total, 120);
    assert.equal(data.files.length, 100);
    assert.match(many.text, /showing the first 100 of 120/);
    const record = JSON.parse(registry.compress('Glob', { pattern: 'gen/*.txt' }, many));
    assert.deepEqual(Object.keys(record.data), ['pattern', 'path', 'total', 'files', 'more']);
    assert.equal(record.data.files.length, 10);
    assert.equal(record.data.more, 110);
  });

  it('refuses patterns that climb out and missing directories', async () => {
    assert.equal((await registry.invoke('Glob', { pattern: '../*' }, h.ctx)).error?.code, 'invalid_pattern');
    assert.equal((await registry.invoke('Glob', { pattern: '*', path: 'missing' }, h.ctx)).error?.code, 'file_not_found');
  });
});
