import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CommandResult } from '../../../src/core/ports/commandRunner';
import { createDefaultToolRegistry } from '../../../src/core/tools/defaultTools';
import { defaultInputWaitMs, NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { ManualClock } from '../../support/manualClock';
import { until } from '../../support/until';
import { makeHarness, TempWorkspace } from '../core/tools/toolTestKit';

/** A prompt that nobody can answer: printed without a newline, then nothing (stdin is /dev/null, so a real `read` would not wait). */
const yesNoPrompt = "printf 'Overwrite config? [y/N] '; sleep 60";
/** Shell that holds the command until the test creates the file `name` in its folder. */
const waitFor = (name: string) => `until [ -e ${name} ]; do sleep 0.01; done`;

/**
 * Spec §14: a foreground command waiting for input is stopped and reported, not left to its timeout.
 * The silence is measured on a ManualClock: the test says when time passes, and the command's output is
 * gated by files, so what counts as silence never depends on how busy the machine is.
 */
describe('NodeCommandRunner: a command waiting for input', function () {
  this.timeout(20_000);
  let root: string;
  let clock: ManualClock;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-prompt-'));
    clock = new ManualClock();
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  function start(inputWaitMs: number | undefined, command: string, timeoutMs = 30_000) {
    const runner = new NodeCommandRunner(root, { env: process.env, clock, ...(inputWaitMs === undefined ? {} : { inputWaitMs }) });
    let output = '';
    let result: CommandResult | undefined;
    const done = runner.run(command, { cwd: '.', timeoutMs, onOutput: (text) => (output += text) }).then((r) => (result = r));
    return {
      done,
      ended: () => result !== undefined,
      shows: (text: string) => until(() => output.includes(text), { message: `output ${JSON.stringify(text)} (so far ${JSON.stringify(output)})` }),
      release: (name: string) => fsp.writeFile(path.join(root, name), ''),
    };
  }

  it('is stopped after the silence, with the prompt line, long before its timeout', async () => {
    const run = start(400, `echo preparing; ${yesNoPrompt}`);
    await run.shows('[y/N] ');
    await clock.advance(399);
    assert.equal(clock.pending(), 1, 'still within the silence');
    await clock.advance(1);
    const result = await run.done;
    assert.equal(result.waitingForInput, 'Overwrite config? [y/N] ');
    assert.equal(result.timedOut, false);
    assert.equal(result.cancelled, false);
    assert.equal(result.durationMs, 400);
  });

  it('silence after a complete line, or before any output, is work, not a prompt', async () => {
    const afterLine = start(300, `echo compiling; ${waitFor('go')}; echo done`);
    await afterLine.shows('compiling\n');
    await clock.advance(10_000);
    await afterLine.release('go');
    const lineResult = await afterLine.done;
    assert.equal(lineResult.waitingForInput, undefined);
    assert.equal(lineResult.stdout, 'compiling\ndone\n');

    const silent = start(300, `${waitFor('go2')}; echo done`);
    await clock.advance(10_000);
    assert.equal(silent.ended(), false);
    await silent.release('go2');
    const silentResult = await silent.done;
    assert.equal(silentResult.waitingForInput, undefined);
    assert.equal(silentResult.exitCode, 0);
  });

  it('a progress line that keeps changing without a newline is not a prompt while it moves', async () => {
    // 2.7 s in all, more than the wait, but never 1 s without output: silence counts from the last output.
    const run = start(1000, `printf '\\r10%%'; ${waitFor('go1')}; printf '\\r50%%'; ${waitFor('go2')}; printf '\\r90%%'; ${waitFor('go3')}; echo`);
    for (const [shown, gate] of [['10%', 'go1'], ['50%', 'go2'], ['90%', 'go3']] as const) {
      await run.shows(shown);
      await clock.advance(900);
      assert.equal(clock.pending(), 1, `the silence after ${shown} is still running`);
      await run.release(gate);
    }
    const result = await run.done;
    assert.equal(result.waitingForInput, undefined);
    assert.equal(result.exitCode, 0);
    assert.equal(result.durationMs, 2700);
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

  it('with the product default (10 s) it is reported after 10 s of silence, not at the 120 s timeout', async () => {
    assert.equal(defaultInputWaitMs, 10_000);
    const run = start(undefined, yesNoPrompt, 120_000);
    await run.shows('[y/N] ');
    await clock.advance(9_999);
    assert.equal(clock.pending(), 1, 'still within the silence');
    await clock.advance(1);
    const result = await run.done;
    assert.equal(result.waitingForInput, 'Overwrite config? [y/N] ');
    assert.equal(result.timedOut, false);
    assert.equal(result.durationMs, 10_000);
  });
});
