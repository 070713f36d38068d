import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import { heldClock } from '../../../support/recordingClock';
import { until } from '../../../support/until';
import { sandboxHarness, sandboxMissing, SandboxPlace, type SandboxHarness } from './sandboxKit';

// Spec §18 + §14: a background command runs in the same sandbox as a foreground one.
describe('background processes in the sandbox (real bubblewrap)', function () {
  this.timeout(30_000);
  let place: SandboxPlace;
  let h: SandboxHarness;
  let processes: BackgroundProcesses;
  let tools: ToolRegistry;
  let clock: ReturnType<typeof heldClock>;

  before(async function () {
    const missing = await sandboxMissing();
    if (missing) {
      console.log(`    (skipped: ${missing}; install bubblewrap and socat to run these)`);
      this.skip();
    }
  });
  beforeEach(async () => {
    place = await SandboxPlace.create();
    h = sandboxHarness(place);
    clock = heldClock();
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(place.ws, { env: process.env }), clock, maxRunning: () => 10 });
    tools = createFullToolRegistry([], { processes });
  });
  afterEach(async () => {
    await processes.stopAll();
    await place.cleanup();
  });

  it('starts unasked, writes inside the workspace, cannot write outside it, and says it is sandboxed', async () => {
    const outside = path.join(place.home, 'escaped.txt');
    const command = `echo inside > bg.txt; echo outside > ${outside}; echo .vscode > .vscode/settings.json; echo finished`;
    const started = tools.invoke('Bash', { command, run_in_background: true }, h.ctx);
    await until(() => processes.get('bg-1')?.status === 'exited', { message: 'the background command to exit' });
    clock.release();
    const result = await started;
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.asked, [], 'nothing was asked');
    assert.match(result.text, /It runs inside the sandbox\./);
    assert.equal(await fsp.readFile(path.join(place.ws, 'bg.txt'), 'utf8'), 'inside\n');
    assert.equal(existsSync(outside), false, 'the write outside the workspace was blocked');
    assert.equal(existsSync(path.join(place.ws, '.vscode', 'settings.json')), false);
    assert.match(result.text, /finished/);
  });
});
