import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { reportFigure } from './benchSummary';

const root = path.resolve(__dirname, '../..');

interface MochaJson {
  stats: { tests: number; passes: number; failures: number };
  failures: Array<{ fullTitle: string; err: { message?: string } }>;
}

/** The fault suite (test/unit/faults): every fault injected in every phase is one test; a pass means it was survived. */
export async function runFaultsBench(): Promise<void> {
  const run = spawnSync(process.execPath, [
    path.join(root, 'node_modules/mocha/bin/mocha.js'), '--no-config', '--require', 'tsx/cjs', '--require', 'test/support/markdownRequireHook.cjs',
    '--extension', 'ts', '--timeout', '30000', '--reporter', 'json', 'test/unit/faults/*.test.ts',
  ], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`the fault suite printed no result:\n${run.stderr}`);
  const result = JSON.parse(run.stdout.slice(start)) as MochaJson;
  console.log(`Fault suite (test/unit/faults): ${result.stats.tests} faults injected, ${result.stats.passes} survived`);
  for (const failure of result.failures) console.log(`  NOT survived: ${failure.fullTitle}: ${failure.err.message ?? ''}`);
  reportFigure({ area: 'faults', figure: 'faults injected / survived', value: `${result.stats.tests} / ${result.stats.passes}`, target: 'all survived', ok: result.stats.failures === 0 && result.stats.tests > 0 });
}
