import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { shellInvocation } from '../../../src/node/shellInvocation';
import { until } from '../../support/until';

/** A killed process whose parent is gone may linger as a zombie until init reaps it; that counts as dead. */
const isAlive = async (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = await fsp.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return !/^State:\s+Z/m.test(status);
};

describe('NodeCommandRunner', function () {
  // Real processes: the time bounds below only tell "killed" from "ran to its end" (sleep 30), with room for a busy machine.
  this.timeout(30_000);
  let root: string;
  let runner: NodeCommandRunner;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-runner-'));
    await fsp.mkdir(path.join(root, 'sub'));
    runner = new NodeCommandRunner(root);
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  it('runs in the given workspace-relative directory and keeps stdout, stderr and the exit code apart', async () => {
    const result = await runner.run('pwd; echo "héllo ✓" >&2; exit 7', { cwd: 'sub', timeoutMs: 5000 });
    assert.equal(await fsp.realpath(result.stdout.trim()), await fsp.realpath(path.join(root, 'sub')));
    assert.equal(result.stderr, 'héllo ✓\n');
    assert.equal(result.exitCode, 7);
    assert.deepEqual([result.timedOut, result.cancelled, result.truncated], [false, false, false]);
  });

  it('caps output, keeping the head and the tail', async () => {
    const capped = new NodeCommandRunner(root, { maxOutputChars: 1000 });
    const result = await capped.run('seq 1 20000', { cwd: '.', timeoutMs: 5000 });
    assert.equal(result.truncated, true);
    assert.ok(result.stdout.startsWith('1\n2\n3\n'));
    assert.ok(result.stdout.endsWith('19999\n20000\n'));
    assert.match(result.stdout, /\n… \[\d+ characters of output omitted\] …\n/);
    assert.ok(result.stdout.length < 1100);
  });

  it('kills the whole process group on timeout', async () => {
    const pidFile = path.join(root, 'child.pid');
    const started = Date.now();
    // Generous timeout: a login shell can take most of a second to start on a loaded machine.
    const result = await runner.run(`sleep 30 & echo $! > ${pidFile}; wait`, { cwd: '.', timeoutMs: 2000 });
    assert.ok(Date.now() - started < 20_000, 'killed at the timeout, not after the 30 s sleep');
    assert.equal(result.timedOut, true);
    const grandchild = Number(await fsp.readFile(pidFile, 'utf8'));
    await until(async () => !(await isAlive(grandchild)), { timeoutMs: 10_000, message: 'the background child killed too (its sleep would last 30 s)' });
  });

  it('stops `sleep 30` at once on an abort', async () => {
    const controller = new AbortController();
    let aborted = 0;
    // Aborted once it runs (its first output), not after a fixed time.
    const onOutput = () => { if (!aborted) { aborted = Date.now(); controller.abort(); } };
    const result = await runner.run('echo running; sleep 30', { cwd: '.', timeoutMs: 60000, signal: controller.signal, onOutput });
    assert.ok(aborted > 0 && Date.now() - aborted < 15_000, `took ${Date.now() - aborted} ms after the abort (the sleep lasts 30 s)`);
    assert.equal(result.cancelled, true);
    assert.equal(result.timedOut, false);
  });

  it('does not start a command when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runner.run(`touch ${path.join(root, 'ran')}`, { cwd: '.', timeoutMs: 5000, signal: controller.signal });
    assert.equal(result.cancelled, true);
    assert.equal(await fsp.access(path.join(root, 'ran')).then(() => true, () => false), false);
  });

  it('returns when the shell exits even if a background process holds the output open', async () => {
    const started = Date.now();
    const result = await runner.run('sleep 30 & echo started', { cwd: '.', timeoutMs: 20_000 });
    assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms: it waited for the background sleep`);
    assert.equal(result.timedOut, false);
    assert.equal(result.stdout, 'started\n');
    assert.equal(result.exitCode, 0);
  });

  it('streams output as it arrives and gives commands no stdin', async () => {
    const chunks: string[] = [];
    const result = await runner.run('echo one; read line; echo "read=$?"', { cwd: '.', timeoutMs: 5000, onOutput: (c, s) => chunks.push(`${s}:${c}`) });
    assert.equal(result.stdout, 'one\nread=1\n');
    assert.ok(chunks.join('').includes('stdout:one'));
  });

  it('rejects when the shell cannot start', async () => {
    const broken = new NodeCommandRunner(root, { shell: () => ({ file: path.join(root, 'no-such-shell'), args: [] }) });
    await assert.rejects(broken.run('true', { cwd: '.', timeoutMs: 1000 }), /Could not start/);
  });
});

describe('shellInvocation', () => {
  it('uses cmd.exe on Windows without re-quoting', () => {
    assert.deepEqual(shellInvocation('dir /b', 'win32', { ComSpec: 'C:\\Windows\\system32\\cmd.exe' }), {
      file: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', '"dir /b"'],
      windowsVerbatimArguments: true,
    });
  });

  it("uses the user's bash or zsh as a login shell, else /bin/bash", () => {
    assert.deepEqual(shellInvocation('ls', 'linux', { SHELL: '/bin/bash' }), { file: '/bin/bash', args: ['-c', 'ls'], login: true });
    assert.deepEqual(shellInvocation('ls', 'linux', { SHELL: '/no/such/zsh' }), { file: '/bin/bash', args: ['-c', 'ls'], login: true });
    assert.deepEqual(shellInvocation('ls', 'linux', { SHELL: '/usr/bin/fish' }), { file: '/bin/bash', args: ['-c', 'ls'], login: true });
  });
});
