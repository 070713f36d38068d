import { strict as assert } from 'node:assert';
import { promises as fsp, readdirSync, readFileSync } from 'node:fs';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { BashData } from '../../../src/core/tools/bashTool';
import { until } from '../../support/until';
import { sandboxHarness, sandboxMissing, SandboxPlace } from '../node/sandbox/sandboxKit';
import { sandboxEscapeCases, type EscapePlace } from './sandboxEscapeCases';

const secret = 'SECRETVALUE';
const envSecret = 'sk-codeagent-sandbox-envleak-0123456789';

async function listen(server: net.Server, where: number | string): Promise<void> {
  await new Promise<void>((resolve) => (typeof where === 'number' ? server.listen(where, '127.0.0.1', resolve) : server.listen(where, resolve)));
}

/** Processes whose command line holds `marker`, from /proc. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

// Spec §18, issue 32: each attempt to get out of the sandbox is blocked (or asked, and rejected here).
describe('hostile: escapes from the sandbox (real bubblewrap)', function () {
  this.timeout(60_000);
  let place: SandboxPlace;
  let probe: EscapePlace;
  let connections = 0;
  const tcp = net.createServer((socket) => { connections++; socket.destroy(); });
  const unix = net.createServer((socket) => { connections++; socket.destroy(); });
  let savedKey: string | undefined;

  before(async function () {
    const missing = await sandboxMissing();
    if (missing) {
      console.log(`    (skipped: ${missing}; install bubblewrap and socat to run these)`);
      this.skip();
    }
    savedKey = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = envSecret;
    await listen(tcp, 0);
  });
  after(() => {
    tcp.close();
    if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = savedKey;
  });
  beforeEach(async () => {
    place = await SandboxPlace.create();
    connections = 0;
    const socket = path.join(place.base, 's.sock');
    await listen(unix, socket);
    probe = { ws: place.ws, home: place.home, base: place.base, port: (tcp.address() as AddressInfo).port, socket, envSecret, connections: () => connections };
    for (const file of ['.ssh/id_rsa', '.aws/credentials', '.npmrc', '.git-credentials']) await place.write(path.join(place.home, file), `${secret}\n`);
    for (const file of ['.env', '.env.local']) await place.write(path.join(place.ws, file), `TOKEN=${secret}\n`);
    await fsp.mkdir(path.join(place.ws, '.git', 'hooks'), { recursive: true });
    await place.write(path.join(place.ws, '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n');
  });
  afterEach(async () => {
    await new Promise((resolve) => unix.close(resolve));
    await place.cleanup();
  });

  for (const attempt of sandboxEscapeCases) {
    it(attempt.name, async () => {
      for (const [target, content] of attempt.setup?.(probe) ?? []) {
        if (target!.startsWith('link:')) await fsp.symlink(content!, target!.slice('link:'.length));
        else await place.write(target!, content!);
      }
      const h = sandboxHarness(place);
      h.decide = () => ({ decision: 'rejected' });
      const result = await h.bash({ command: attempt.command(probe) });
      const stdout = (result.data as BashData | undefined)?.stdout ?? '';
      assert.equal(attempt.escaped(probe, stdout), undefined, `escaped: ${result.text}`);
      assert.ok(h.asked.length === 0 ? (result.data as BashData).sandboxed : result.error?.code === 'rejected', 'it ran sandboxed, or was asked');
    });
  }

  for (const detach of ['nohup', 'setsid', 'setsid --fork', '( ( ', 'disown']) {
    it(`a process detached with ${detach} does not outlive the sandboxed command`, async () => {
      const marker = `codeagent-escapee-${process.pid}-${detach.replace(/\W/g, '')}`;
      const sleeper = `sleep 300 ${marker}`;
      const command = detach === '( ( '
        ? `( ( exec -a "${sleeper}" sleep 300 & ) & ) ; echo started`
        : detach === 'disown'
          ? `exec -a "${sleeper}" sleep 300 & disown; echo started`
          : `${detach} sh -c 'exec -a "${sleeper}" sleep 300' > /dev/null 2>&1 & echo started`;
      const h = sandboxHarness(place);
      const result = await h.bash({ command });
      assert.match((result.data as BashData).stdout, /started/);
      await until(() => processesWith(marker).length === 0, { message: `the ${detach} process to be gone with its sandbox` });
    });
  }
});
