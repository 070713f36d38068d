import { strict as assert } from 'node:assert';
import type { BashData } from '../../../../src/core/tools/bashTool';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();

describe('Bash', function () {
  this.timeout(10000);
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'hello.txt': 'hello\n' });
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('asks for approval, runs in the workspace root and reports the exit code and output', async () => {
    const output: string[] = [];
    h.ctx.onOutput = (chunk) => output.push(chunk);
    const result = await registry.invoke('Bash', { command: 'cat hello.txt; echo oops >&2' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.approvals, [{ kind: 'command', command: 'cat hello.txt; echo oops >&2', cwd: h.ctx.fs.root }]);
    const data = result.data as BashData;
    assert.equal(data.exitCode, 0);
    assert.equal(data.stdout, 'hello\n');
    assert.equal(data.stderr, 'oops\n');
    assert.match(result.text, /^\$ cat hello\.txt; echo oops >&2\nExit code: 0 \(\d+\.\d s\)\nstdout:\nhello\nstderr:\noops$/);
    assert.ok(output.join('').includes('hello'), 'live output reaches the UI callback');
  });

  it('returns a non-zero exit as an error result that still carries the output', async () => {
    const result = await registry.invoke('Bash', { command: 'echo partial; exit 3' }, h.ctx);
    assert.equal(result.status, 'error');
    assert.deepEqual(result.error, { code: 'exit_code', message: 'Command exited with code 3.' });
    assert.match(result.text, /Exit code: 3/);
    assert.match(result.text, /partial/);
  });

  it('a rejection with feedback does not run the command', async () => {
    h.decide = () => ({ decision: 'rejected', feedback: 'Do not delete things.' });
    const result = await registry.invoke('Bash', { command: 'rm hello.txt' }, h.ctx);
    assert.equal(result.error?.code, 'rejected');
    assert.match(result.error!.message, /rejected the command; it was not run\. User feedback: Do not delete things\./);
    assert.equal(await ws.exists('hello.txt'), true);
  });

  it('runs the command as the user edited it', async () => {
    h.decide = () => ({ decision: 'accepted', finalContent: 'echo edited' });
    const result = await registry.invoke('Bash', { command: 'echo original' }, h.ctx);
    assert.equal((result.data as BashData).stdout, 'edited\n');
    assert.match(result.text, /^\$ echo edited\n\(The user edited the command/);
  });

  it('kills a command that outlives its timeout (seconds, XML string accepted)', async () => {
    const started = Date.now();
    const result = await registry.invoke('Bash', { command: 'echo before; sleep 30', timeout: '1' }, h.ctx);
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms (the sleep lasts 30 s)`);
    assert.equal(result.error?.code, 'timeout');
    assert.equal((result.data as BashData).timedOut, true);
    assert.match(result.text, /Timed out after 1 s/);
    assert.match(result.text, /before/);
  });

  it('refuses a timeout above 600 seconds', async () => {
    const result = await registry.invoke('Bash', { command: 'true', timeout: '601' }, h.ctx);
    assert.equal(result.error?.code, 'invalid_params');
    assert.match(result.error!.message, /timeout: Too big: expected number to be <=600/);
  });

  it('is cancelled by the abort signal mid-command', async () => {
    let aborted = 0;
    // Aborted once the command runs (its first output), not after a fixed time.
    const onOutput = () => { if (!aborted) { aborted = Date.now(); h.controller.abort(); } };
    const result = await registry.invoke('Bash', { command: 'echo running; sleep 30' }, { ...h.ctx, onOutput });
    assert.ok(aborted > 0 && Date.now() - aborted < 10_000, `took ${Date.now() - aborted} ms after the abort (the sleep lasts 30 s)`);
    assert.equal(result.error?.code, 'cancelled');
    assert.equal((result.data as BashData).cancelled, true);
  });

  it('compresses to a summary, the stdout tail and the last 20 lines of stderr', async () => {
    const result = await registry.invoke('Bash', { command: 'seq 1 100; seq 1 30 >&2; exit 1' }, h.ctx);
    const record = JSON.parse(registry.compress('Bash', { command: 'x' }, result));
    assert.equal(record.status, 'error');
    assert.deepEqual(record.error, { code: 'exit_code', message: 'Command exited with code 1.' });
    assert.match(record.data.summary, /^exit code 1 after \d+\.\d s; stdout 100 lines$/);
    assert.equal(record.data.stdoutTail, '… (95 earlier lines)\n96\n97\n98\n99\n100');
    const stderrLines = record.data.stderrTail.split('\n');
    assert.equal(stderrLines[0], '… (10 earlier lines)');
    assert.deepEqual(stderrLines.slice(1), Array.from({ length: 20 }, (_, i) => String(i + 11)));
    assert.equal(record.data.stdout, undefined);
  });
});
