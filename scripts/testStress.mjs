// `npm run test:stress [N]`: the unit suite N times (default 5; or CODEAGENT_STRESS_RUNS) while one busy-loop
// worker per core keeps every core at 100 %, the proof of issue 31 that no unit test depends on an idle machine.
// Prints each run's pass/fail counts and every failing test (full title, file, first line of the error), then
// `test:stress: N runs, F failures`. Exit code: non-zero when any run had a failure.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number.parseInt(process.argv[2] ?? process.env.CODEAGENT_STRESS_RUNS ?? '5', 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`test:stress: the number of runs must be a positive integer, not "${process.argv[2] ?? process.env.CODEAGENT_STRESS_RUNS}"`);
  process.exit(2);
}
const cores = os.availableParallelism?.() ?? os.cpus().length;

const hogs = [];
let child;
function stopAll() {
  for (const hog of hogs.splice(0)) void hog.terminate();
  if (child && child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.on('exit', stopAll);

for (let i = 0; i < cores; i++) hogs.push(new Worker('for (;;) {}', { eval: true }));
console.log(`test:stress: ${cores} busy-loop workers started; the unit suite ${runs} time(s)`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-stress-'));
const mocha = path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
let failures = 0;
let failedRuns = 0;
for (let run = 1; run <= runs; run++) {
  const report = path.join(tmp, `run${run}.json`);
  const args = [mocha, '--config', '.mocharc.unit.json', '--parallel', '--jobs', '2', '--reporter', 'json', '--reporter-option', `output=${report}`];
  const started = Date.now();
  const output = [];
  const code = await new Promise((resolve) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let result;
  try {
    result = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    failures++;
    failedRuns++;
    console.log(`run ${run}/${runs}: no report (exit ${code}, ${seconds} s); its output:\n${Buffer.concat(output).toString()}`);
    continue;
  }
  const { passes, failures: failed, pending } = result.stats;
  failures += failed;
  if (failed > 0 || code !== 0) failedRuns++;
  console.log(`run ${run}/${runs}: ${passes} passed, ${failed} failed, ${pending} skipped in ${seconds} s${code !== 0 && failed === 0 ? ` (exit ${code})` : ''}`);
  for (const test of result.failures) {
    const file = test.file ? path.relative(root, test.file) : '(file unknown)';
    const reason = String(test.err?.message ?? '').split('\n')[0];
    console.log(`  ✗ ${test.fullTitle}\n      ${file}\n      ${reason}`);
  }
}
stopAll();
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`test:stress: ${runs} runs, ${failures} failures`);
process.exitCode = failedRuns > 0 ? 1 : 0;
