// `npm test`: every check and test, on two tracks at once so neither core waits.
//   checks: lint and typecheck at once → unit tests (their output is held and printed as one block per step)
//   e2e:    provision code-server → package → the e2e suite in real VS Code (streamed live)
// Most of a track's time is spent waiting (a VS Code window booting, a timer in a test), so the two overlap well
// even on two cores. (Three e2e workers with the checks at a lower priority were no faster, and starved the unit
// tests' timers into failures: docs/benchmarks.md.) Exit code: non-zero when any step of either track failed.
// CODEAGENT_TEST_SERIAL=1 runs the tracks one after the other (e.g. to read a failing run's output in order).
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { checkSystemDeps, root } from './codeServer.mjs';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

/** Each stage's steps run at once; a stage starts when the one before it passed. */
const CHECKS = [
  [
    { name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '.'] },
    { name: 'typecheck', args: [bin('@typescript/native', 'bin/tsc'), '-p', '.', '--noEmit'] },
  ],
  [{ name: 'unit tests', args: [bin('mocha', 'bin/mocha.js'), '--config', '.mocharc.unit.json'] }],
];

/** Runs node with `args`; `held` collects the output instead of printing it. Resolves to the exit code. */
function runNode(args, held) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('error', (error) => {
      held?.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function checksTrack() {
  const results = [];
  for (const stage of CHECKS) {
    const done = await Promise.all(stage.map(async (step) => {
      const since = Date.now();
      const held = [];
      const code = await runNode(step.args, held);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`\n━━ ${step.name}: ${verdict} in ${seconds(since)} ━━\n${Buffer.concat(held).toString()}━━ end of ${step.name} ━━\n`);
      return { name: step.name, code };
    }));
    results.push(...done);
    if (done.some((result) => result.code !== 0)) break;
  }
  return results;
}

async function e2eTrack() {
  const since = Date.now();
  const code = await runNode([path.join(root, 'scripts', 'e2e.mjs')]);
  return [{ name: `e2e (${seconds(since)})`, code }];
}

try {
  await checkSystemDeps();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const results = process.env.CODEAGENT_TEST_SERIAL === '1'
  ? [...(await checksTrack()), ...(await e2eTrack())]
  : (await Promise.all([checksTrack(), e2eTrack()])).flat();

const failed = results.filter((result) => result.code !== 0);
console.log(`\nnpm test: ${results.map((result) => `${result.name} ${result.code === 0 ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`npm test: ${failed.length === 0 ? 'everything passed' : `${failed.length} step(s) failed`} in ${seconds(started)}`);
process.exit(failed.length === 0 ? 0 : 1);
