import { strict as assert } from 'node:assert';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../../src/node/systemClock';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';

const ticker = 'i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.2; done';

/** Spec §16: with several conversations at once, a background process belongs to the conversation that started it. */
describe('background processes of several conversations: each agent reaches only its own', function () {
  this.timeout(15_000);
  let ws: TempWorkspace;
  let h: Harness;
  let processes: BackgroundProcesses;
  let tools: ToolRegistry;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock: systemClock, maxRunning: () => 10, killGraceMs: 500 });
    tools = createFullToolRegistry([], { processes });
  });
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('another conversation\'s agent can neither read nor stop it, nor sees it listed; its own agent can', async () => {
    const mine = { ...h.ctx, conversationId: 'conv-a' };
    const theirs = { ...h.ctx, conversationId: 'conv-b' };
    const started = await tools.invoke('Bash', { command: ticker, run_in_background: true }, mine);
    assert.equal(started.status, 'success', started.text);

    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, theirs);
    assert.equal(read.status, 'error');
    assert.match(read.text, /No background process bg-1\. None was started\./);
    const kill = await tools.invoke('KillBash', { id: 'bg-1' }, theirs);
    assert.equal(kill.status, 'error');
    assert.deepEqual(processes.running().map((p) => p.id), ['bg-1'], 'still running');
    assert.deepEqual(processes.listFor('conv-b'), []);
    assert.deepEqual(processes.listFor('conv-a').map((p) => p.id), ['bg-1']);

    assert.equal((await tools.invoke('BashOutput', { id: 'bg-1' }, mine)).status, 'success');
    assert.equal((await tools.invoke('KillBash', { id: 'bg-1' }, mine)).status, 'success');
  });
});
