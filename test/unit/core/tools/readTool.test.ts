import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { ReadData } from '../../../../src/core/tools/readTool';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('Read', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/a.ts': 'const a = 1;\nconst b = 2;\n', 'big.txt': lines(1200), 'crlf.txt': 'one\r\ntwo\r\n', 'empty.txt': '' });
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('returns numbered lines (cat -n style) and the mtime, and records the read', async () => {
    const result = await registry.invoke('Read', { path: 'src/a.ts' }, h.ctx);
    assert.equal(result.status, 'success');
    const data = result.data as ReadData;
    assert.equal(data.content, '     1\tconst a = 1;\n     2\tconst b = 2;');
    assert.equal(data.totalLines, 2);
    assert.equal(typeof data.mtimeMs, 'number');
    assert.match(result.text, /src\/a\.ts: lines 1-2 of 2 \(mtime \d{4}-/);
    assert.ok(result.text.includes('     1\tconst a = 1;'));
    assert.equal(h.ledger.lastSeenMtime('src/a.ts'), data.mtimeMs);
    assert.equal(h.approvals.length, 0, 'read-only tools never ask for approval');
  });

  it('pages with offset/limit and caps a call at 500 lines', async () => {
    const first = await registry.invoke('Read', { path: 'big.txt' }, h.ctx);
    const d1 = first.data as ReadData;
    assert.deepEqual([d1.startLine, d1.endLine, d1.totalLines, d1.truncated], [1, 500, 1200, true]);
    assert.match(first.text, /700 more lines\. Continue with offset=501\./);

    const slice = await registry.invoke('Read', { path: 'big.txt', offset: 1190, limit: 5 }, h.ctx);
    assert.equal((slice.data as ReadData).content.split('\n')[0], '  1190\tline 1190');
    assert.equal((slice.data as ReadData).endLine, 1194);

    const capped = await registry.invoke('Read', { path: 'big.txt', offset: 2, limit: 5000 }, h.ctx);
    assert.equal((capped.data as ReadData).endLine, 501);
    assert.match(capped.text, /capped at 500 lines/);
  });

  it('accepts XML string parameters', async () => {
    const result = await registry.invoke('Read', { path: 'big.txt', offset: '10', limit: '2' }, h.ctx);
    assert.equal((result.data as ReadData).content, '    10\tline 10\n    11\tline 11');
  });

  it('shows CRLF files without carriage returns, and empty files as empty', async () => {
    const crlf = await registry.invoke('Read', { path: 'crlf.txt' }, h.ctx);
    assert.equal((crlf.data as ReadData).content, '     1\tone\n     2\ttwo');
    const empty = await registry.invoke('Read', { path: 'empty.txt' }, h.ctx);
    assert.equal(empty.status, 'success');
    assert.match(empty.text, /empty\.txt is empty/);
  });

  it('adds "modified externally" only on a re-read that sees a new mtime', async () => {
    const first = await registry.invoke('Read', { path: 'src/a.ts' }, h.ctx);
    assert.equal((first.data as ReadData).modifiedExternally, false);
    const again = await registry.invoke('Read', { path: 'src/a.ts' }, h.ctx);
    assert.doesNotMatch(again.text, /modified externally/);

    await ws.touchExternally('src/a.ts', 'const a = 42;\n');
    const changed = await registry.invoke('Read', { path: 'src/a.ts' }, h.ctx);
    assert.equal((changed.data as ReadData).modifiedExternally, true);
    assert.match(changed.text, /^Note: src\/a\.ts was modified externally\.\n/);
    assert.match(registry.compress('Read', { path: 'src/a.ts' }, changed), /Note: src\/a\.ts was modified externally\./);

    const settled = await registry.invoke('Read', { path: 'src/a.ts' }, h.ctx);
    assert.equal((settled.data as ReadData).modifiedExternally, false);
  });

  it('reports a missing file with look-alike suggestions', async () => {
    const result = await registry.invoke('Read', { path: 'src/b.ts' }, h.ctx);
    assert.equal(result.error?.code, 'file_not_found');
    assert.match(result.error!.message, /File 'src\/b\.ts' does not exist\. Did you mean: src\/a\.ts\?/);
    const deeper = await registry.invoke('Read', { path: 'nope/x.ts' }, h.ctx);
    assert.match(deeper.error!.message, /directory 'nope' does not exist/);
  });

  it('refuses directories, binary files and an offset past the end', async () => {
    assert.equal((await registry.invoke('Read', { path: 'src' }, h.ctx)).error?.code, 'is_directory');
    await ws.write('bin.dat', 'PK\u0000\u0001\u0002');
    assert.equal((await registry.invoke('Read', { path: 'bin.dat' }, h.ctx)).error?.code, 'binary_file');
    const past = await registry.invoke('Read', { path: 'src/a.ts', offset: 10 }, h.ctx);
    assert.equal(past.error?.code, 'offset_out_of_range');
    assert.match(past.error!.message, /has 2 lines/);
    assert.equal(h.ledger.lastSeenMtime('src/a.ts'), undefined, 'a failed read does not count as a read');
  });

  it('cuts over-long lines', async () => {
    await ws.write('min.js', 'x'.repeat(5000) + '\n');
    const result = await registry.invoke('Read', { path: 'min.js' }, h.ctx);
    assert.match(result.text, /… \[line truncated, 5000 chars\]/);
    assert.ok(result.text.length < 2500);
  });
});
