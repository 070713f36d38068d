import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { InMemoryTodoStore } from '../../../src/core/tools/todoStore';
import { ReadLedger } from '../../../src/core/tools/readLedger';
import { globTool } from '../../../src/core/tools/globTool';
import { ScanningTextSearch } from '../../../src/core/tools/scanningTextSearch';
import type { TextSearch } from '../../../src/core/ports/textSearch';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import { RipgrepTextSearch } from '../../../src/node/ripgrepTextSearch';

/** Glob through ripgrep and through the JS walk must find exactly the same files (issue 10). */
describe('Glob parity: ripgrep listing and the JS walk', () => {
  let root: string;
  const files = [
    'src/a.ts', 'src/b.tsx', 'src/deep/c.ts', 'src/deep/deeper/d.ts', 'src/.hidden.ts', '.eslintrc.json', 'README.md',
    'test/x.test.ts', 'lib/e.js', 'node_modules/pkg/index.ts', 'build/out.ts', 'file1.txt', 'fileA.txt', 'docs/{weird}.md',
  ];

  before(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-glob-'));
    for (const file of files) {
      await fsp.mkdir(path.join(root, path.dirname(file)), { recursive: true });
      await fsp.writeFile(path.join(root, file), 'x\n');
    }
    await fsp.writeFile(path.join(root, '.gitignore'), 'node_modules/\nbuild\n');
    await fsp.mkdir(path.join(root, '.git'));
    await fsp.writeFile(path.join(root, '.git', 'config.ts'), 'x\n');
  });
  after(() => fsp.rm(root, { recursive: true, force: true }));

  async function glob(search: TextSearch, pattern: string, dir?: string): Promise<string[]> {
    const fs = new NodeWorkspaceFs(root);
    const result = await globTool.run({ pattern, path: dir }, {
      fs, commands: new NodeCommandRunner(root), search, readLedger: new ReadLedger(), todos: new InMemoryTodoStore(),
      signal: new AbortController().signal, askUser: async () => '', approve: async () => ({ decision: 'accepted' }),
    });
    return [...((result.data as { files: string[] }).files)].sort();
  }

  for (const [pattern, dir] of [
    ['**/*.ts', undefined], ['*.ts', 'src'], ['src/**/*.{ts,tsx}', undefined], ['**/*', undefined], ['*', undefined],
    ['**/.*', undefined], ['file[0-9].txt', undefined], ['file[!0-9].txt', undefined], ['**/deep/**', undefined],
    ['deep/*.ts', 'src'], ['**/*.md', undefined],
  ] as const) {
    it(`${pattern}${dir ? ` in ${dir}` : ''}`, async () => {
      const fs = new NodeWorkspaceFs(root);
      const js = new ScanningTextSearch(fs);
      const viaJs = await glob(js, pattern, dir);
      const viaRg = await glob(new RipgrepTextSearch({ workspaceRoot: root, fallback: { search: () => { throw new Error('rg expected'); }, listFiles: () => { throw new Error('rg expected'); } } }), pattern, dir);
      assert.deepEqual(viaRg, viaJs);
      assert.ok(!viaRg.some((f) => f.startsWith('node_modules/') || f.startsWith('build/') || f.startsWith('.git/')), '.gitignore and .git honoured');
    });
  }

  it('finds dotfiles, braces and ** at any depth', async () => {
    const rg = new RipgrepTextSearch({ workspaceRoot: root, fallback: new ScanningTextSearch(new NodeWorkspaceFs(root)) });
    assert.deepEqual(await glob(rg, '**/.*'), ['.eslintrc.json', '.gitignore', 'src/.hidden.ts']);
    assert.deepEqual(await glob(rg, 'src/**/*.{ts,tsx}'), ['src/.hidden.ts', 'src/a.ts', 'src/b.tsx', 'src/deep/c.ts', 'src/deep/deeper/d.ts']);
    assert.deepEqual(await glob(rg, 'file[!0-9].txt'), ['fileA.txt']);
  });
});
