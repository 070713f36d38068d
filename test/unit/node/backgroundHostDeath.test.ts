import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import * as path from 'node:path';
import { until } from '../../support/until';

const launcherModule = path.resolve(__dirname, '../../../src/node/nodeProcessLauncher.ts');

/** The pids of processes whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo')).map((line) => Number(line.trim().split(/\s+/)[0]));
}

/**
 * No orphans (spec §14): a host that dies without stopping its background processes (the extension host
 * killed, so deactivate never runs) still leaves none behind — the watchdog stops their process groups.
 */
describe('background processes when their host dies', function () {
  this.timeout(60_000);

  it('a SIGKILLed host leaves no background process (nor its children) running', async () => {
    const marker = `codeagent-hostdeath-${process.pid}-${Date.now()}`;
    // The command's shell and its child both carry the marker; the child shell waits on `sleep`.
    const command = `sh -c 'sleep 300; true' ${marker}-child; true ${marker}`;
    const hostScript = `
      const { NodeProcessLauncher } = require(${JSON.stringify(launcherModule)});
      new NodeProcessLauncher(process.cwd(), { env: process.env })
        .launch(${JSON.stringify(command)}, { cwd: '.', onOutput() {}, onExit() {} })
        .then(() => console.log('started'));
      setInterval(() => {}, 1000);`;
    const host = spawn(process.execPath, ['-r', 'tsx/cjs', '-e', hostScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      host.stdout.on('data', (data: Buffer) => data.toString().includes('started') && resolve());
      host.on('exit', () => reject(new Error('the host ended before starting the process')));
    });
    await until(() => processesWith(marker).length >= 2, { message: 'the command and its child running' });

    host.kill('SIGKILL');
    const killed = Date.now();
    await until(() => processesWith(marker).length === 0, { message: 'no background process left after its host died' });
    const gone = Date.now() - killed;
    console.log(`      background processes gone ${gone} ms after their host was killed`);
    assert.deepEqual(processesWith(marker), []);
  });
});
