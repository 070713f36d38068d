import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BackgroundProcesses } from '../../../src/core/processes/backgroundProcesses';
import { HostMessage, WebviewMessage } from '../../../src/protocol/messages';
import { NodeProcessLauncher } from '../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../src/node/systemClock';
import { ProcessPanel } from '../../../src/vscode/processPanel';
import type { ProcessTerminals } from '../../../src/vscode/processTerminals';
import { until } from '../../support/until';

/** The panel's process rows (spec §14) on a real registry: the list as it changes, Show output and Stop process. */
describe('ProcessPanel: the process rows of the chat view', function () {
  this.timeout(10_000);
  let root: string;
  let processes: BackgroundProcesses;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-panel-'));
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(root, { env: process.env }), clock: systemClock, maxRunning: () => 10, killGraceMs: 30_000 }); // a grace only a hang uses up: Stop's outcome is "terminated" however slow the machine
  });
  afterEach(async () => {
    await processes.stopAll();
    await fsp.rm(root, { recursive: true, force: true });
  });

  function setup() {
    const shown: string[] = [];
    const terminals = { show: (id: string) => (shown.push(id), processes.get(id) !== undefined) } as unknown as ProcessTerminals;
    const posted: HostMessage[] = [];
    const logged: string[] = [];
    const panel = new ProcessPanel(processes, terminals, (message) => logged.push(message));
    panel.attach((message) => posted.push(HostMessage.parse(message)));
    return { panel, posted, shown, logged };
  }

  it('posts the list, in the protocol\'s shape, when the view loads and as processes start and exit', async () => {
    const { panel, posted } = setup();
    assert.equal(panel.handle({ type: 'ready' }), false, 'ready is still the chat\'s');
    assert.deepEqual(posted, [{ type: 'processes', processes: [] }]);
    const command = `while [ ! -f ${path.join(root, 'go')} ]; do sleep 0.05; done; exit 2`; // exits when the test says
    await processes.start(command, '.');
    const started = posted.at(-1);
    assert.ok(started?.type === 'processes');
    assert.deepEqual(started.processes.map(({ id, command, status, exitCode }) => ({ id, command, status, exitCode })), [{ id: 'bg-1', command, status: 'running', exitCode: null }]);
    await fsp.writeFile(path.join(root, 'go'), '');
    await until(() => processes.get('bg-1')?.status === 'exited');
    const exited = posted.at(-1);
    assert.ok(exited?.type === 'processes');
    assert.deepEqual(exited.processes.map(({ status, exitCode }) => ({ status, exitCode })), [{ status: 'exited', exitCode: 2 }]);
  });

  it('Stop process stops it; Show output opens its terminal; other messages are the chat\'s', async () => {
    const { panel, shown, logged } = setup();
    await processes.start('sleep 30', '.');
    assert.equal(panel.handle({ type: 'showProcessOutput', id: 'bg-1' }), true);
    assert.deepEqual(shown, ['bg-1']);
    assert.equal(panel.handle({ type: 'stopProcess', id: 'bg-1' }), true);
    await until(() => processes.get('bg-1')?.status === 'exited');
    await until(() => logged.length > 0);
    assert.deepEqual(logged, ['Stopped background process bg-1 from the panel: terminated']);
    assert.equal(panel.handle({ type: 'stop' }), false);
  });

  it('the webview\'s process messages are validated: an empty or oversized id is refused', () => {
    assert.equal(WebviewMessage.safeParse({ type: 'stopProcess', id: 'bg-1' }).success, true);
    assert.equal(WebviewMessage.safeParse({ type: 'stopProcess', id: '' }).success, false);
    assert.equal(WebviewMessage.safeParse({ type: 'showProcessOutput', id: 'x'.repeat(101) }).success, false);
    assert.equal(WebviewMessage.safeParse({ type: 'showProcessOutput' }).success, false);
  });
});
