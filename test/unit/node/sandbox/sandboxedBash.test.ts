import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BashData } from '../../../../src/core/tools/bashTool';
import { probeSandbox } from '../../../../src/node/sandbox/sandboxProbe';
import { sandboxHarness, sandboxMissing, SandboxPlace, type SandboxHarness } from './sandboxKit';
import { english } from '../../../../src/core/ports/translator';

// Spec §18 with the real sandbox (bubblewrap + socat). Skipped, saying why, where the machine has none.
describe('Bash in the sandbox (real bubblewrap)', function () {
  this.timeout(30_000);
  let place: SandboxPlace;
  let h: SandboxHarness;

  before(async function () {
    const missing = await sandboxMissing();
    if (missing) {
      console.log(`    (skipped: ${missing}; install bubblewrap and socat to run these)`);
      this.skip();
    }
  });
  beforeEach(async () => {
    place = await SandboxPlace.create();
    await fsp.mkdir(path.join(place.ws, '.git', 'hooks'), { recursive: true });
    await fsp.writeFile(path.join(place.ws, '.git', 'config'), '[core]\n');
    h = sandboxHarness(place);
  });
  afterEach(() => place.cleanup());

  it('a write inside the workspace runs without asking, and the result says it was sandboxed', async () => {
    const result = await h.bash({ command: 'echo made > inside.txt && cat inside.txt' });
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.asked, [], 'nothing was asked');
    assert.equal((result.data as BashData).sandboxed, true);
    assert.equal(await fsp.readFile(path.join(place.ws, 'inside.txt'), 'utf8'), 'made\n');
  });

  it('a write to the home folder is blocked, and the model hears what and by whom', async () => {
    const target = path.join(os.homedir(), `codeagent-sandbox-escape-${process.pid}-${Date.now()}`);
    try {
      const result = await h.bash({ command: `echo leaked > ${target}` });
      assert.equal(existsSync(target), false, 'the file outside the workspace was not written');
      assert.equal(result.status, 'error');
      assert.match(result.text, /The sandbox blocked this command/);
      assert.ok(result.text.includes(target), result.text);
      assert.match(result.text, /sandbox: false/);
      assert.deepEqual(h.asked, []);
    } finally {
      await fsp.rm(target, { force: true });
    }
  });

  for (const file of ['.vscode/settings.json', '.git/hooks/pre-commit', '.git/config', '.claude/settings.json', '.codeagent/hooks.json', '.github/hooks/hooks.json']) {
    it(`a write to ${file} fails inside the workspace`, async () => {
      await h.bash({ command: `mkdir -p ${path.dirname(file)}; echo evil > ${file}` });
      const content = await fsp.readFile(path.join(place.ws, file), 'utf8').catch(() => undefined);
      assert.ok(content === undefined || !content.includes('evil'), `${file} holds: ${content}`);
    });
  }

  it('a read of a planted ~/.ssh/id_rsa and of .env is blocked', async () => {
    await place.write(path.join(place.home, '.ssh', 'id_rsa'), 'PRIVATE KEY SECRET\n');
    await place.write(path.join(place.ws, '.env'), 'TOKEN=SECRET\n');
    const result = await h.bash({ command: `cat ${place.home}/.ssh/id_rsa; cat .env; cat ~/.ssh/id_rsa` });
    const data = result.data as BashData;
    assert.doesNotMatch(data.stdout, /SECRET/);
    assert.equal(result.status, 'error');
    assert.match(result.text, /The sandbox blocked this command/);
  });

  it('a request to a local HTTP server that is not allowed does not reach it (curl and node fetch)', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => { hits++; res.end('hello'); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const curl = await h.bash({ command: `curl -sS -m 5 http://127.0.0.1:${port}/` });
      const fetch = await h.bash({ command: `node -e "fetch('http://localhost:${port}/').then(r => r.text()).then(console.log)"` });
      assert.equal(hits, 0, 'the server got no request');
      for (const result of [curl, fetch]) {
        assert.equal(result.status, 'error', result.text);
        assert.doesNotMatch((result.data as BashData).stdout, /hello/);
        assert.match(result.text, /sandbox/i);
      }
      assert.deepEqual(h.asked, []);
    } finally {
      server.close();
    }
  });

  it('sandbox: false always asks, even with commands auto-approved, then runs outside', async () => {
    h = sandboxHarness(place, { approval: { autoApproveCommands: true } });
    const result = await h.bash({ command: 'echo outside > "$HOME/../outside.txt"', sandbox: false });
    assert.equal(h.asked.length, 1);
    const asked = h.asked[0]!;
    assert.match(asked.kind === 'command' ? asked.outsideSandbox?.(english) ?? '' : '', /outside the sandbox/);
    assert.equal(result.status, 'success', result.text);
    assert.equal((result.data as BashData).sandboxed, undefined);
    assert.equal(await fsp.readFile(path.join(place.base, 'outside.txt'), 'utf8'), 'outside\n');
  });

  it('with bwrap hidden from PATH the command asks and says why; the user is told once, with the install hint', async () => {
    const told: { reason: string; hint?: string }[] = [];
    h = sandboxHarness(place, { runtime: { probe: () => probeSandbox('linux', '/nonexistent'), onUnavailable: (reason, hint) => told.push({ reason: reason(english), hint: hint?.(english) }) } });
    await h.bash({ command: 'true' });
    await h.bash({ command: 'true' });
    assert.equal(h.asked.length, 2);
    for (const request of h.asked) assert.match(request.kind === 'command' ? request.sandboxUnavailable?.(english) ?? '' : '', /bwrap.*not found/);
    assert.equal(told.length, 1);
    assert.match(told[0]?.hint ?? '', /apt-get install bubblewrap socat/);
  });
});
