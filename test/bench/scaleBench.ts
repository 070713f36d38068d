import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { globTool } from '../../src/core/tools/globTool';
import { grepTool } from '../../src/core/tools/grepTool';
import { lsTool } from '../../src/core/tools/lsTool';
import { ReadLedger } from '../../src/core/tools/readLedger';
import { ScanningTextSearch } from '../../src/core/tools/scanningTextSearch';
import { InMemoryTodoStore } from '../../src/core/tools/todoStore';
import type { TextSearch } from '../../src/core/ports/textSearch';
import type { ToolContext } from '../../src/core/tools/toolTypes';
import { NodeCommandRunner } from '../../src/node/nodeCommandRunner';
import { NodeWorkspaceFs } from '../../src/node/nodeWorkspaceFs';
import { RipgrepTextSearch } from '../../src/node/ripgrepTextSearch';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';

const FILES = 50_000;
const IGNORED_SHARE = 0.4;
const FILE_BYTES = 4096;
const RUNS = 5;

/** A generated workspace: 50,000 files (~200 MB), 40% of them in a .gitignored node_modules. */
async function generate(root: string): Promise<void> {
  await fsp.writeFile(path.join(root, '.gitignore'), 'node_modules/\n');
  const body = (i: number) => `# file ${i}\n${`def f${i}(x):\n    return x * ${i}  # padding ${'.'.repeat(40)}\n`.repeat(Math.ceil(FILE_BYTES / 60))}`.slice(0, FILE_BYTES);
  const extensions = ['py', 'ts', 'md', 'json'];
  const made = new Set<string>();
  for (let i = 0; i < FILES; i++) {
    const ignored = i < FILES * IGNORED_SHARE;
    const dir = path.join(root, ignored ? 'node_modules' : 'src', `pkg${i % 200}`, `mod${i % 7}`);
    if (!made.has(dir)) {
      await fsp.mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await fsp.writeFile(path.join(dir, `file${i}.${extensions[i % extensions.length]}`), body(i));
  }
}

function context(root: string, search: TextSearch): ToolContext {
  return {
    fs: new NodeWorkspaceFs(root), commands: new NodeCommandRunner(root), search, readLedger: new ReadLedger(), todos: new InMemoryTodoStore(),
    signal: new AbortController().signal, askUser: async () => '', approve: async () => ({ decision: 'accepted' }),
  };
}

async function medianMs(run: () => Promise<unknown> | unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function runScaleBench(): Promise<void> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-scale-'));
  try {
    const started = performance.now();
    await generate(root);
    console.log(`Scale: ${FILES} files (~${Math.round((FILES * FILE_BYTES) / 1024 / 1024)} MB, ${IGNORED_SHARE * 100}% in an ignored node_modules), generated in ${((performance.now() - started) / 1000).toFixed(1)} s; median of ${RUNS} runs`);
    const rgSearch = new RipgrepTextSearch({ workspaceRoot: root, fallback: new ScanningTextSearch(new NodeWorkspaceFs(root)) });
    const jsSearch = new ScanningTextSearch(new NodeWorkspaceFs(root));
    const rg = (args: string[]) => execFileSync('rg', args, { cwd: root, maxBuffer: 1 << 30 });
    const rows: [string, number, number | undefined][] = [
      ['Glob **/*.py (through ripgrep)', await medianMs(() => globTool.run({ pattern: '**/*.py' }, context(root, rgSearch))), await medianMs(() => rg(['--files', '-g', '**/*.py']))],
      ['Glob **/*.py (JS walk fallback)', await medianMs(() => globTool.run({ pattern: '**/*.py' }, context(root, jsSearch))), undefined],
      ['Grep "return x \\* 4242"', await medianMs(() => grepTool.run({ pattern: 'return x \\* 4242' }, context(root, rgSearch))), await medianMs(() => { try { rg(['return x \\* 4242', '.']); } catch { /* exit 1 */ } })],
      ['LS . (depth 2)', await medianMs(() => lsTool.run({ path: '.', depth: 2 }, context(root, rgSearch))), undefined],
    ];
    console.log(`  ${'operation'.padEnd(36)} ${'CodeAgent'.padStart(10)} ${'raw rg'.padStart(9)} ${'ratio'.padStart(6)}`);
    for (const [label, ours, raw] of rows) {
      console.log(`  ${label.padEnd(36)} ${ours.toFixed(1).padStart(8)} ms ${raw === undefined ? ''.padStart(9) : `${raw.toFixed(1).padStart(6)} ms`} ${raw === undefined ? '' : `${(ours / raw).toFixed(2)}×`.padStart(6)}`);
    }
    console.log('  target: Glob and Grep within 1.5× raw rg');
    for (const [label, ours, raw] of rows) {
      if (raw !== undefined) reportFigure({ area: 'scale', figure: `${label.split(' (')[0]} on ${FILES} files vs raw rg`, value: `${(ours / raw).toFixed(2)}×`, target: '< 1.5×', ok: ours / raw < 1.5 });
      else reportFigure({ area: 'scale', figure: label, value: msText(ours) });
    }
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
}

if (require.main === module) void runScaleBench();
