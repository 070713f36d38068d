import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createDefaultToolRegistry } from '../../../src/core/tools/defaultTools';
import { defaultInputWaitMs, NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { makeHarness, TempWorkspace } from '../core/tools/toolTestKit';

/** A prompt that nobody can answer: printed without a newline, then nothing (stdin is /dev/null, so a real `read` would not wait). */
const yesNoPrompt = "printf 'Overwrite config? [y/N] '; sleep 60";

/** Spec §14: a foreground command waiting for input is stopped and reported, not left to its timeout. */
describe('NodeCommandRunner: a command waiting for input', function () {
  this.timeout(20_000);
  let root: string;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-prompt-'));
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  it('is stopped after the silence, with the prompt line, long before its timeout', async () => {
    const runner = new NodeCommandRunner(root, { env: process.env, inputWaitMs: 400 });
    const result = await runner.run(`echo preparing; ${yesNoPrompt}`, { cwd: '.', timeoutMs: 30_000 });
    assert.equal(result.waitingForInput, 'Overwrite config? [y/N] ');
    assert.equal(result.timedOut, false);
    assert.equal(result.cancelled, false);
    assert.ok(result.durationMs >= 400 && result.durationMs < 3000, `${result.durationMs} ms`);
  });

  it('silence after a complete line, or before any output, is work, not a prompt', async () => {
    const runner = new NodeCommandRunner(root, { env: process.env, inputWaitMs: 300 });
    const afterLine = await runner.run('echo compiling; sleep 1; echo done', { cwd: '.', timeoutMs: 10_000 });
    assert.equal(afterLine.waitingForInput, undefined);
    assert.equal(afterLine.stdout, 'compiling\ndone\n');
    const silent = await runner.run('sleep 1; echo done', { cwd: '.', timeoutMs: 10_000 });
    assert.equal(silent.waitingForInput, undefined);
    assert.equal(silent.exitCode, 0);
  });

  it('a progress line that keeps changing without a newline is not a prompt while it moves', async () => {
    // 2.4 s in all, more than the wait, but never 1 s without output: silence counts from the last output.
    const runner = new NodeCommandRunner(root, { env: process.env, inputWaitMs: 1000 });
    const result = await runner.run("for i in 1 2 3 4 5 6 7 8; do printf '\\r%s0%%' $i; sleep 0.3; done; echo", { cwd: '.', timeoutMs: 10_000 });
    assert.equal(result.waitingForInput, undefined);
    assert.equal(result.exitCode, 0);
  });

  it('Bash reports it to the model as waiting for input, naming the prompt and what to do instead', async () => {
    const ws = await TempWorkspace.create();
    try {
      const h = makeHarness(ws);
      h.ctx.commands = new NodeCommandRunner(ws.root, { env: process.env, inputWaitMs: 300 });
      const result = await createDefaultToolRegistry().invoke('Bash', { command: yesNoPrompt }, h.ctx);
      assert.equal(result.error?.code, 'waiting_for_input');
      assert.match(result.text, /Stopped: the command seemed to wait for input \(no output for 0\.3 s after a line without a newline: "Overwrite config\? \[y\/N\] "\)\. Nothing can be typed in: use a non-interactive flag/);
    } finally {
      await ws.cleanup();
    }
  });

  it('with the product default (10 s) it is reported in about 10 s, not at the 120 s timeout', async function () {
    this.timeout(30_000);
    assert.equal(defaultInputWaitMs, 10_000);
    const runner = new NodeCommandRunner(root, { env: process.env });
    const result = await runner.run(yesNoPrompt, { cwd: '.', timeoutMs: 120_000 });
    assert.equal(result.waitingForInput, 'Overwrite config? [y/N] ');
    assert.ok(result.durationMs >= 10_000 && result.durationMs < 12_000, `${result.durationMs} ms`);
    console.log(`      waiting prompt reported after ${result.durationMs} ms (product default ${defaultInputWaitMs} ms)`);
  });
});
