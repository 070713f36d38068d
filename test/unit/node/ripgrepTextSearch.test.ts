import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TextSearch, TextSearchQuery } from '../../../src/core/ports/textSearch';
import { ScanningTextSearch } from '../../../src/core/tools/scanningTextSearch';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import { locateRipgrep, vscodeRipgrepCandidates } from '../../../src/node/ripgrepLocator';
import { RipgrepTextSearch } from '../../../src/node/ripgrepTextSearch';

const query = (q: Partial<TextSearchQuery>): TextSearchQuery => ({ pattern: 'needle', path: '.', maxResults: 100, ...q });

describe('RipgrepTextSearch', function () {
  this.timeout(10000);
  let root: string;
  let fallback: TextSearch & { calls: number };
  const rgOnPath = execFileSync('sh', ['-c', 'command -v rg']).toString().trim();

  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-rg-'));
    await fsp.writeFile(path.join(root, 'a.txt'), 'hay\nneedle one\nhay\n');
    await fsp.mkdir(path.join(root, 'dir'));
    await fsp.writeFile(path.join(root, 'dir', 'b.txt'), 'needle two ✓\n');
    await fsp.writeFile(path.join(root, '.gitignore'), 'ignored.txt\n');
    await fsp.writeFile(path.join(root, 'ignored.txt'), 'needle hidden\n');
    const scan = new ScanningTextSearch(new NodeWorkspaceFs(root));
    fallback = { calls: 0, search: (q, s) => ((fallback.calls += 1), scan.search(q, s)), listFiles: (q, s) => ((fallback.calls += 1), scan.listFiles(q, s)) };
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  it('names VS Code’s bundled ripgrep locations', () => {
    assert.deepEqual(vscodeRipgrepCandidates('/app', 'linux'), ['/app/node_modules/@vscode/ripgrep/bin/rg', '/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg']);
    assert.ok(vscodeRipgrepCandidates('C:\\app', 'win32')[0]!.endsWith('rg.exe'));
  });

  it('uses the first executable candidate, then rg on PATH, else nothing', async () => {
    assert.equal(await locateRipgrep([path.join(root, 'missing-rg'), path.join(root, 'a.txt'), rgOnPath], false), rgOnPath);
    assert.equal(await locateRipgrep([path.join(root, 'missing-rg')], true), 'rg');
    assert.equal(await locateRipgrep([], false), undefined);
  });

  it('parses rg --json into workspace-relative matches, honouring .gitignore', async () => {
    const search = new RipgrepTextSearch({ workspaceRoot: root, ripgrepPaths: [rgOnPath], searchPath: false, fallback });
    const result = await search.search(query({}));
    assert.equal(result.backend, 'ripgrep');
    assert.deepEqual(result.matches, [
      { path: 'a.txt', line: 2, text: 'needle one' },
      { path: 'dir/b.txt', line: 1, text: 'needle two ✓' },
    ]);
    assert.equal(fallback.calls, 0);
    const inDir = await search.search(query({ path: 'dir' }));
    assert.deepEqual(inDir.matches.map((m) => m.path), ['dir/b.txt']);
  });

  it('falls back to the JS scan when no ripgrep is available', async () => {
    const search = new RipgrepTextSearch({ workspaceRoot: root, ripgrepPaths: [path.join(root, 'missing-rg')], searchPath: false, fallback });
    const result = await search.search(query({}));
    assert.equal(result.backend, 'js');
    assert.equal(fallback.calls, 1);
    assert.deepEqual(result.matches.map((m) => `${m.path}:${m.line}`), ['a.txt:2', 'dir/b.txt:1']);
  });

  it('stops at maxResults and reports truncation', async () => {
    await fsp.writeFile(path.join(root, 'many.txt'), 'needle\n'.repeat(50));
    const search = new RipgrepTextSearch({ workspaceRoot: root, ripgrepPaths: [rgOnPath], fallback });
    const result = await search.search(query({ path: 'many.txt', maxResults: 10 }));
    assert.equal(result.matches.length, 10);
    assert.equal(result.truncated, true);
  });

  it('rejects with an AbortError when cancelled', async () => {
    const search = new RipgrepTextSearch({ workspaceRoot: root, ripgrepPaths: [rgOnPath], fallback });
    const controller = new AbortController();
    const pending = search.search(query({}), controller.signal);
    controller.abort();
    await assert.rejects(pending, (error: Error) => error.name === 'AbortError');
  });
});
