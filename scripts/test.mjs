// `npm test`: every check and test, on two tracks at once so neither core waits.
//   checks: lint and typecheck at once → unit tests (their output is held and printed as one block per step)
//   e2e:    provision code-server → package → the e2e suite in real VS Code (streamed live)
// Most of the e2e track's time is spent waiting (a VS Code window booting, a reply streaming), so it runs three
// workers, and the checks, at a lower priority, take the cores it leaves. Exit code: non-zero when any step of
// either track failed.
// CODEAGENT_TEST_SERIAL=1 runs the tracks one after the other (e.g. to read a failing run's output in order).
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkSystemDeps, root } from './codeServer.mjs';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

/** Each stage's steps run at once; a stage starts when the one before it passed. */
const CHECKS = [
  [
    { name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '.'] },
    { name: 'typecheck', args: [bin('typescript', 'bin/tsc'), '-p', '.', '--noEmit'] },
  ],
  [{ name: 'unit tests', args: [bin('mocha', 'bin/mocha.js'), '--config', '.mocharc.unit.json'] }],
];

/**
 * The checks' niceness: when both tracks want the cores, the e2e track's tests, whose waits for VS Code are the
 * critical path, go first; the checks take what they leave and finish beside the e2e track's tail instead of before it.
 */
const CHECKS_NICENESS = 3;

/**
 * Runs node with `args`; `held` collects the output instead of printing it, `niceness` lowers its priority (its worker
 * processes inherit it). Resolves to the exit code.
 */
function runNode(args, { held, niceness } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not permitted here: it runs at the same priority.
      }
    }
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
      const code = await runNode(step.args, { held, niceness: CHECKS_NICENESS });
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
