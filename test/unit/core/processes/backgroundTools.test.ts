import { strict as assert } from 'node:assert';
import { describeApproval } from '../../../../src/core/agent/approvalGate';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import type { ToolResult } from '../../../../src/core/tools/toolTypes';
import { heldClock } from '../../../support/recordingClock';
import { until } from '../../../support/until';
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
  // The first-output second passes when the test says so (once the output it expects is there), not on the
  // real clock: a loaded machine may take longer than a second to start a login shell.
  let clock: ReturnType<typeof heldClock>;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
    maxRunning = 10;
    clock = heldClock();
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock, maxRunning: () => maxRunning, killGraceMs: 30_000 });
    tools = createFullToolRegistry([], { processes });
  });

  /** What the process printed so far, without moving BashOutput's cursor. */
  const printed = (id: string) => {
    let text = '';
    processes.follow(id, (chunk) => (text += chunk))?.();
    return text;
  };
  /** Bash in the background whose first-output wait ends once `firstOutput` was printed (or it exited). */
  async function startBackground(command: string, firstOutput = ''): Promise<ToolResult> {
    const result = tools.invoke('Bash', { command, run_in_background: true }, h.ctx);
    const id = `bg-${processes.list().length + 1}`;
    await until(() => clock.pending() > 0 && printed(id).includes(firstOutput), { message: `the first output "${firstOutput}" of ${id}` });
    clock.release();
    return result;
  }
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('starts after approval, returns at once with its first output, reads new output by id and stops it', async () => {
    const result = await startBackground(ticker, 'tick 2\n');
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.approvals, [{ kind: 'command', command: ticker, cwd: h.ctx.fs.root, background: true }]);
    assert.match(describeApproval(h.approvals[0]!), /\n\nIn the background: it keeps running after this call/);
    assert.deepEqual(clock.sleeps, [1000], 'it waited (up to) a second for the first output, not for the end: a ticker never ends');
    assert.match(result.text, /^Started background process bg-1: i=0;/);
    assert.match(result.text, /tick 1\n/);
    assert.deepEqual(processes.running().map((p) => p.id), ['bg-1']);

    await until(() => /tick 6\n/.test(printed('bg-1')));
    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, h.ctx);
    assert.equal(read.status, 'success', read.text);
    assert.match(read.text, /^Process bg-1 \(.*\): running \(for \d+ s\)\nNew output:\n/);
    assert.doesNotMatch(read.text, /tick 1\n/, 'what the start already returned is not read again');
    const lastTick = Number(/tick (\d+)\s*$/.exec(read.text)?.[1]);
    assert.ok(lastTick >= 5, read.text);

    await until(() => printed('bg-1').includes(`tick ${lastTick + 2}\n`));
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
    const result = await startBackground('echo original; sleep 5', 'edited\n');
    assert.match(result.text, /^Started background process bg-1: echo edited; sleep 5\n\(The user edited/);
    assert.match(result.text, /First output:\nedited$/);
  });

  it('reports a process that exited within its first second with its code', async () => {
    const result = await tools.invoke('Bash', { command: 'echo done; exit 4', run_in_background: true }, h.ctx); // its exit ends the wait
    assert.match(result.text, /It already exited with code 4\./);
    assert.equal(processes.get('bg-1')?.status, 'exited');
  });

  it('refuses to start more than codeagent.tools.maxBackgroundProcesses', async () => {
    maxRunning = 2;
    for (let i = 0; i < 2; i++) assert.equal((await startBackground('sleep 30')).status, 'success');
    const third = await tools.invoke('Bash', { command: 'sleep 30', run_in_background: true }, h.ctx);
    assert.equal(third.error?.code, 'background_failed');
    assert.match(third.error!.message, /At most 2 background processes .* \(running: bg-1, bg-2\)/);
    assert.equal(processes.list().length, 2);
  });

  it('an unknown id is an error naming the known ones', async () => {
    await startBackground('sleep 30');
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
    const result = await startBackground('echo ready; sleep 30', 'ready\n');
    const record = JSON.parse(tools.get('Bash')!.compress({ command: 'x', run_in_background: true }, result)) as { data: Record<string, unknown> };
    assert.deepEqual(record.data, { summary: 'started background process bg-1', firstOutputTail: 'ready' });
  });
});
