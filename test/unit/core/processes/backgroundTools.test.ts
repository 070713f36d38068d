import { strict as assert } from 'node:assert';
import { describeApproval } from '../../../../src/core/agent/approvalGate';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../../src/node/systemClock';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';

const ticker = 'i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.2; done';

/** Bash with run_in_background, BashOutput and KillBash (spec §14) on real processes. */
describe('background processes: Bash run_in_background, BashOutput, KillBash', function () {
  this.timeout(15_000);
  let ws: TempWorkspace;
  let h: Harness;
  let processes: BackgroundProcesses;
  let tools: ToolRegistry;
  let maxRunning = 10;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
    maxRunning = 10;
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock: systemClock, maxRunning: () => maxRunning, killGraceMs: 500 });
    tools = createFullToolRegistry([], { processes });
  });
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('starts after approval, returns at once with its first output, reads new output by id and stops it', async () => {
    const started = Date.now();
    const result = await tools.invoke('Bash', { command: ticker, run_in_background: true }, h.ctx);
    const elapsed = Date.now() - started;
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.approvals, [{ kind: 'command', command: ticker, cwd: h.ctx.fs.root, background: true }]);
    assert.match(describeApproval(h.approvals[0]!), /\n\nIn the background: it keeps running after this call/);
    assert.ok(elapsed < 4000, `returned after ${elapsed} ms (a ticker never ends: waiting for it would hang)`);
    assert.match(result.text, /^Started background process bg-1: i=0;/);
    assert.match(result.text, /tick 1\n/);
    assert.deepEqual(processes.running().map((p) => p.id), ['bg-1']);

    await new Promise((resolve) => setTimeout(resolve, 700));
    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.equal(read.status, 'success', read.text);
    assert.match(read.text, /^Process bg-1 \(.*\): running \(for \d+ s\)\nNew output:\n/);
    assert.doesNotMatch(read.text, /tick 1\n/, 'what the start already returned is not read again');
    const lastTick = Number(/tick (\d+)\s*$/.exec(read.text)?.[1]);
    assert.ok(lastTick >= 5, read.text);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.match(again.text, new RegExp(`New output:\\ntick ${lastTick + 1}\\n`));

    const kill = await tools.invoke('KillBash', { id: 'bg-1' }, h.ctx);
    assert.equal(kill.status, 'success', kill.text);
    assert.match(kill.text, /^Process bg-1 \(.*\) was stopped \(SIGTERM\)/);
    assert.equal(h.approvals.length, 1, 'BashOutput and KillBash of its own process ask nothing');
    const after = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.match(after.text, /: exited with code none \(killed by a signal\)/);
  });

  it('a rejected background command is never started', async () => {
    h.decide = () => ({ decision: 'rejected' });
    const result = await tools.invoke('Bash', { command: ticker, run_in_background: true }, h.ctx);
    assert.equal(result.error?.code, 'rejected');
    assert.deepEqual(processes.list(), []);
  });

  it('runs the command as the user edited it', async () => {
    h.decide = () => ({ decision: 'accepted', finalContent: 'echo edited; sleep 5' });
    const result = await tools.invoke('Bash', { command: 'echo original; sleep 5', run_in_background: true }, h.ctx);
    assert.match(result.text, /^Started background process bg-1: echo edited; sleep 5\n\(The user edited/);
    assert.match(result.text, /First output:\nedited$/);
  });

  it('reports a process that exited within its first second with its code', async () => {
    const result = await tools.invoke('Bash', { command: 'echo done; exit 4', run_in_background: true }, h.ctx);
    assert.match(result.text, /It already exited with code 4\./);
    assert.equal(processes.get('bg-1')?.status, 'exited');
  });

  it('refuses to start more than codeagent.tools.maxBackgroundProcesses', async () => {
    maxRunning = 2;
    for (let i = 0; i < 2; i++) assert.equal((await tools.invoke('Bash', { command: 'sleep 30', run_in_background: true }, h.ctx)).status, 'success');
    const third = await tools.invoke('Bash', { command: 'sleep 30', run_in_background: true }, h.ctx);
    assert.equal(third.error?.code, 'background_failed');
    assert.match(third.error!.message, /At most 2 background processes .* \(running: bg-1, bg-2\)/);
    assert.equal(processes.list().length, 2);
  });

  it('an unknown id is an error naming the known ones', async () => {
    await tools.invoke('Bash', { command: 'sleep 30', run_in_background: true }, h.ctx);
    for (const tool of ['BashOutput', 'KillBash']) {
      const result = await tools.invoke(tool, { id: 'bg-9' }, h.ctx);
      assert.equal(result.error?.code, 'unknown_process');
      assert.match(result.error!.message, /No background process bg-9\. Known: bg-1\./);
    }
  });

  it('a registry built without background processes refuses run_in_background with a clear message', async () => {
    const result = await createDefaultToolRegistry().invoke('Bash', { command: 'sleep 30', run_in_background: true }, h.ctx);
    assert.equal(result.error?.code, 'unavailable');
  });

  it('the history record keeps the id and the first output tail', async () => {
    const result = await tools.invoke('Bash', { command: 'echo ready; sleep 30', run_in_background: true }, h.ctx);
    const record = JSON.parse(tools.get('Bash')!.compress({ command: 'x', run_in_background: true }, result)) as { data: Record<string, unknown> };
    assert.deepEqual(record.data, { summary: 'started background process bg-1', firstOutputTail: 'ready' });
  });
});
