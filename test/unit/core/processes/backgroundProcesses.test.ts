import { strict as assert } from 'node:assert';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import type { Clock } from '../../../../src/core/ports/clock';
import { systemClock } from '../../../../src/node/systemClock';
import { until } from '../../../support/until';
import { TempWorkspace } from '../tools/toolTestKit';

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
    // "two" comes once the test has read "one" and follows (the file `go`), however slow the machine.
    await processes.start('echo one; while [ ! -f go ]; do sleep 0.05; done; echo two', '.');
    await until(() => processes.readNew('bg-1')?.text === 'one\n');
    const seen: string[] = [];
    const unfollow = processes.follow('bg-1', (chunk) => seen.push(chunk))!;
    assert.deepEqual(seen, ['one\n'], 'what came before, at once');
    await ws.write('go', '');
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
    // Processes that ignore SIGTERM, and a clock whose first three grace periods end only when the test says:
    // all three are waited at the same time, not one grace period after another.
    const graces: number[] = [];
    let endGraces!: () => void;
    const gracesEnd = new Promise<void>((resolve) => (endGraces = resolve));
    const clock: Clock = { now: () => Date.now(), sleep: (ms, signal) => (graces.push(ms) <= 3 ? gracesEnd : systemClock.sleep(ms, signal)) };
    const stubborn = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock, maxRunning: () => 20, killGraceMs: 30_000 });
    for (let i = 0; i < 3; i++) await stubborn.start("trap '' TERM; echo up; while true; do sleep 0.1; done", '.');
    const printed = (id: string) => {
      let text = '';
      stubborn.follow(id, (chunk) => (text += chunk))?.();
      return text;
    };
    await until(() => stubborn.list().every((p) => printed(p.id) === 'up\n'), { message: 'the traps set' });
    const stopping = stubborn.stopAll();
    await until(() => graces.length === 3, { message: 'the three grace periods at once' });
    endGraces();
    await stopping;
    assert.deepEqual(stubborn.running(), []);
    assert.deepEqual(graces, [30_000, 30_000, 30_000, 30_000, 30_000, 30_000], 'SIGTERM, a grace period; SIGKILL, one more (ended by the exit)');
  });
});
