import { strict as assert } from 'node:assert';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../../src/node/systemClock';
import { TempWorkspace } from '../tools/toolTestKit';

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('BackgroundProcesses', function () {
  this.timeout(10_000);
  let ws: TempWorkspace;
  let processes: BackgroundProcesses;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock: systemClock, maxRunning: () => 20, killGraceMs: 500 });
  });
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('a follower (a terminal) gets what was printed before it came, then the rest live, whatever BashOutput read', async () => {
    await processes.start('echo one; sleep 0.5; echo two', '.');
    await until(() => processes.readNew('bg-1')?.text === 'one\n');
    const seen: string[] = [];
    const unfollow = processes.follow('bg-1', (chunk) => seen.push(chunk))!;
    assert.deepEqual(seen, ['one\n'], 'what came before, at once');
    await until(() => processes.get('bg-1')?.status === 'exited');
    await until(() => seen.join('') === 'one\ntwo\n');
    unfollow();
    assert.equal(processes.follow('bg-9', () => {}), undefined);
  });

  it('keeps the ten newest exited processes listed, dropping older ones as new ones start', async () => {
    for (let i = 0; i < 12; i++) await processes.start(`exit ${i}`, '.');
    await until(() => processes.running().length === 0);
    await processes.start('sleep 5', '.');
    const ids = processes.list().map((p) => p.id);
    assert.equal(ids.length, 11);
    assert.deepEqual(ids.slice(0, 2), ['bg-3', 'bg-4']);
    assert.equal(ids.at(-1), 'bg-13');
  });

  it('stopAll stops every running process at once', async () => {
    for (let i = 0; i < 3; i++) await processes.start('sleep 30', '.');
    const started = Date.now();
    await processes.stopAll();
    assert.deepEqual(processes.running(), []);
    assert.ok(Date.now() - started < 1500, 'in parallel, not one grace period after another');
  });
});
