import { strict as assert } from 'node:assert';
import { BackgroundProcesses } from '../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import type { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../src/node/systemClock';
import { until } from '../../support/until';
import { makeHarness, TempWorkspace, type Harness } from '../core/tools/toolTestKit';

const mb = 1024 * 1024;
/** A command's wait until the test writes the file `go`: it goes on when the test says, not after a guessed time. */
const untilGo = 'while [ ! -f go ]; do sleep 0.05; done';

/**
 * Background processes misbehaving (spec §14), with the product's limits (1 MB kept per process, SIGKILL 3 s
 * after SIGTERM): one that exits on its own, one that floods 100 MB, one that ignores SIGTERM.
 */
describe('fault suite: background processes', function () {
  this.timeout(60_000);
  let ws: TempWorkspace;
  let h: Harness;
  let processes: BackgroundProcesses;
  let tools: ToolRegistry;
  let changes = 0;
  /** The real clock, each sleep recorded: the grace periods are read off it, not timed against a bound. */
  let sleeps: number[];
  /** The last characters a process printed, kept as they come (a process's exit may overtake its last output). */
  const tailOf = (id: string) => {
    let tail = '';
    processes.follow(id, (chunk) => (tail = (tail + chunk).slice(-200)));
    return () => tail;
  };
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
    sleeps = [];
    const clock = { now: () => Date.now(), sleep: (ms: number, signal?: AbortSignal) => (sleeps.push(ms), systemClock.sleep(ms, signal)) };
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock, maxRunning: () => 10 });
    changes = 0;
    processes.onChange(() => changes++);
    tools = createFullToolRegistry([], { processes });
  });
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('a process that exits on its own is reported exited with its code, its last output still readable', async () => {
    // It finishes when the test says (the file `go`), so it is still running when the start is reported.
    const start = await tools.invoke('Bash', { command: `echo working; ${untilGo}; echo finished; exit 3`, run_in_background: true }, h.ctx);
    assert.match(start.text, /Still running\./);
    const tail = tailOf('bg-1');
    await ws.write('go', '');
    await until(() => processes.get('bg-1')?.status === 'exited' && tail().endsWith('finished\n'));
    assert.equal(processes.get('bg-1')?.exitCode, 3);
    assert.equal(changes, 2, 'the panel hears of the start and of the exit');
    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.match(read.text, /: exited with code 3\nNew output:\nfinished$/);
    const kill = await tools.invoke('KillBash', { id: 'bg-1' }, h.ctx);
    assert.match(kill.text, /had already exited; exit code 3\./);
  });

  it('a 100 MB flood keeps memory flat and the tail intact', async () => {
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 20);
    const started = Date.now();
    try {
      // The flood starts when the test says (the file `go`), after the start report: a start report that read the
      // first megabytes (a timer late under load) would leave BashOutput fewer to count as omitted.
      const start = await tools.invoke('Bash', { command: `${untilGo}; yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-flood | head -c 104857600; echo; echo TAIL-INTACT`, run_in_background: true }, h.ctx);
      assert.match(start.text, /Still running\./);
      const tail = tailOf('bg-1');
      await ws.write('go', '');
      await until(() => processes.get('bg-1')?.status === 'exited' && tail().endsWith('TAIL-INTACT\n'));
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.match(read.text, /: exited with code 0\nNew output:\n\(… \d+ earlier characters omitted\)\n/);
    assert.match(read.text, /flood\n[0-9a-zA-Z-]*\nTAIL-INTACT$/, "the last line of the flood, then the marker");
    const omitted = Number(/\(… (\d+) earlier/.exec(read.text)![1]);
    assert.ok(omitted > 100 * mb - 2 * mb, `omitted ${omitted}`);
    const heapGrowth = (peakHeap - baseline.heapUsed) / mb;
    const rssGrowth = (peakRss - baseline.rss) / mb;
    console.log(`      100 MB flood in ${seconds.toFixed(1)} s: peak heap +${heapGrowth.toFixed(1)} MB, peak RSS +${rssGrowth.toFixed(1)} MB (1 MB kept)`);
    assert.ok(heapGrowth < 60, `heap grew by ${heapGrowth.toFixed(1)} MB`);
  });

  it('a process that ignores SIGTERM is killed by SIGKILL 3 s later, children included', async () => {
    await tools.invoke('Bash', { command: "trap '' TERM; echo stubborn; while true; do sleep 0.1; done", run_in_background: true }, h.ctx);
    const started = Date.now();
    const kill = await tools.invoke('KillBash', { id: 'bg-1' }, h.ctx);
    const elapsed = Date.now() - started;
    assert.match(kill.text, /ignored SIGTERM and was killed \(SIGKILL\)/);
    assert.equal(processes.get('bg-1')?.status, 'exited');
    assert.deepEqual(sleeps.slice(-2), [3000, 3000], 'a 3 s grace after SIGTERM (then one after SIGKILL, ended by the exit)');
    assert.ok(elapsed >= 3000, `${elapsed} ms`);
    console.log(`      SIGTERM ignored: killed after ${elapsed} ms`);
  });
});
