import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { GrepData } from '../../../../src/core/tools/grepTool';
import { ScanningTextSearch } from '../../../../src/core/tools/scanningTextSearch';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { RipgrepTextSearch } from '../../../../src/node/ripgrepTextSearch';
import { gitignoreWorkspace } from './gitignoreFixture';
import { makeHarness, type Harness, type TempWorkspace } from './toolTestKit';

const registry = createDefaultToolRegistry();

const backends = {
  ripgrep: (root: string) => new RipgrepTextSearch({ workspaceRoot: root, fallback: new ScanningTextSearch(new NodeWorkspaceFs(root)) }),
  js: (root: string) => new ScanningTextSearch(new NodeWorkspaceFs(root)),
} as const;

for (const [backend, makeSearch] of Object.entries(backends)) {
  describe(`Grep (${backend} backend)`, () => {
    let ws: TempWorkspace;
    let h: Harness;
    beforeEach(async () => {
      ws = await gitignoreWorkspace();
      h = makeHarness(ws);
      h.ctx.search = makeSearch(ws.root);
    });
    afterEach(() => ws.cleanup());

    const grep = async (params: Record<string, unknown>, expectedBackend: string = backend) => {
      const result = await registry.invoke('Grep', params, h.ctx);
      assert.equal(result.status, 'success', result.text);
      const data = result.data as GrepData;
      assert.equal(data.backend, expectedBackend);
      return { result, data, hits: data.matches.map((m) => `${m.path}:${m.line}`) };
    };

    it('finds matching lines as path:line, skipping .gitignore matches and .git', async () => {
      const { result, hits } = await grep({ pattern: 'TODO' });
      assert.deepEqual(hits, ['README.md:1', 'docs/guide.md:1', 'keep.log:1', 'src/a.ts:1', 'src/secret.ts:1']);
      assert.match(result.text, /^Found 5 matches in 5 files for \/TODO\/:\nREADME\.md:1: # Demo TODO\n/);
    });

    it('filters by include glob and path, and searches a single file', async () => {
      assert.deepEqual((await grep({ pattern: '(?i)todo', include: '*.ts' })).hits, ['src/a.ts:1', 'src/secret.ts:1', 'src/sub/c.ts:1']);
      assert.deepEqual((await grep({ pattern: 'export', path: 'src/sub' })).hits, ['src/sub/c.ts:1']);
      assert.deepEqual((await grep({ pattern: 'export', path: 'src', include: 'sub/*.ts' })).hits, ['src/sub/c.ts:1']);
      assert.deepEqual((await grep({ pattern: 'TODO', path: 'src/a.ts' })).hits, ['src/a.ts:1']);
    });

    it('reports no matches plainly', async () => {
      const { result } = await grep({ pattern: 'nothing-like-this' });
      assert.equal(result.text, 'No matches for /nothing-like-this/.');
    });

    it('caps the number of matches', async () => {
      await ws.write('many.txt', Array.from({ length: 250 }, (_, i) => `hit ${i}`).join('\n'));
      const { result, data } = await grep({ pattern: '^hit', path: 'many.txt' });
      assert.equal(data.matches.length, 200);
      assert.equal(data.truncated, true);
      assert.match(result.text, /^Found more than 200 matches in 1 file/);
      assert.match(result.text, /stopped after 200 matches/);
    });

    it('handles look-ahead, which ripgrep lacks, through the JS scan', async () => {
      assert.deepEqual((await grep({ pattern: 'const (?=b)' }, 'js')).hits, ['src/b.ts:1']);
    });

    it('refuses an invalid regex with a helpful message', async () => {
      const result = await registry.invoke('Grep', { pattern: 'foo(' }, h.ctx);
      assert.equal(result.error?.code, 'invalid_regex');
      assert.match(result.error!.message, /Escape special characters/);
    });

    it('compresses to a summary and the first 5 matches', async () => {
      await ws.write('many.txt', Array.from({ length: 12 }, (_, i) => `hit ${i}`).join('\n'));
      const { result } = await grep({ pattern: '^hit' });
      const record = JSON.parse(registry.compress('Grep', { pattern: '^hit' }, result));
      assert.equal(record.status, 'success');
      assert.equal(record.data.summary, '12 matches in 1 file for /^hit/');
      assert.deepEqual(record.data.matches, ['many.txt:1: hit 0', 'many.txt:2: hit 1', 'many.txt:3: hit 2', 'many.txt:4: hit 3', 'many.txt:5: hit 4']);
    });
  });
}
