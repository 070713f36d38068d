import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { importCircles, importGraph, sourceFiles } from '../../support/importGraph';

const root = path.resolve(__dirname, '../../..');
const folders = ['src', 'webview-ui'].map((folder) => path.join(root, folder));
const MAX_LINES = 300;

describe('house rules: imports point one way, files stay small', function () {
  this.timeout(30000);

  it('finds a circle in a probe (a → b → c → a), with every file of it and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circle-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export { c } from './c';\nexport type B = string;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nimport { leaf } from './leaf';\nexport const c = [a, leaf];\n");
      fs.writeFileSync(path.join(dir, 'leaf.ts'), 'export const leaf = 1;\n');
      const circles = importCircles(importGraph(sourceFiles([dir])));
      assert.deepEqual(circles.map((circle) => circle.map((file) => path.basename(file))), [['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('src and webview-ui have no import circle', () => {
    const circles = importCircles(importGraph(sourceFiles(folders)));
    const described = circles.map((circle) => circle.map((file) => path.relative(root, file)).join(' ↔ '));
    assert.deepEqual(described, []);
  });

  it('the folders of src/core point one way: no folder reaches back to one that reaches it', () => {
    const core = path.join(root, 'src', 'core');
    const folderOf = (file: string) => path.relative(core, file).split(path.sep)[0]!.replace(/\.ts$/, '');
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph(sourceFiles([core]))) {
      const from = folderOf(file);
      const reached = folders.get(from) ?? new Set<string>();
      for (const target of targets) if (folderOf(target) !== from) reached.add(folderOf(target));
      folders.set(from, reached);
    }
    const circles = importCircles(new Map([...folders].map(([folder, reached]) => [folder, [...reached]])));
    assert.deepEqual(circles.map((circle) => circle.join(' ↔ ')), []);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const tooLong = sourceFiles(folders)
      .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    assert.deepEqual(tooLong, []);
  });
});
