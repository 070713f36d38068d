import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { NodeCommandRunner } from '../../../../src/node/nodeCommandRunner';
import { RuntimeSandbox } from '../../../../src/node/sandbox/runtimeSandbox';
import { sandboxMissing, SandboxPlace } from './sandboxKit';

// Spec §23 with the real sandbox: a command judged read-only, even a wrong judgment, can neither write nor connect.
describe('the read-only sandbox (real bubblewrap)', function () {
  this.timeout(30_000);
  let place: SandboxPlace;
  let sandbox: RuntimeSandbox;
  let runner: NodeCommandRunner;

  before(async function () {
    const missing = await sandboxMissing();
    if (missing) {
      console.log(`    (skipped: ${missing}; install bubblewrap and socat to run these)`);
      this.skip();
    }
  });
  beforeEach(async () => {
    place = await SandboxPlace.create();
    await place.write(path.join(place.ws, 'README.md'), 'hello\n');
    await place.write(path.join(place.ws, '.env'), 'CANARY=env-canary\n');
    // sandbox.enabled is off: read-only confinement does not depend on it.
    sandbox = new RuntimeSandbox({ settings: () => ({ enabled: false, allowedDomains: [] }), roots: () => [place.ws], home: place.home, tempDir: place.tmp });
    runner = new NodeCommandRunner(place.ws, { sandbox, env: { ...process.env, HOME: place.home, MY_API_TOKEN: 'token-canary' } });
  });
  afterEach(() => place.cleanup());

  async function confined(command: string) {
    assert.equal(await sandbox.readOnly(), true);
    const wrapped = await sandbox.wrapReadOnly(command, 'test');
    try {
      return await runner.run(wrapped.line, { cwd: '.', timeoutMs: 20_000, unasked: true, env: wrapped.env });
    } finally {
      wrapped.release();
    }
  }

  it('reads the workspace', async () => {
    const result = await confined('cat README.md');
    assert.equal(result.stdout, 'hello\n', result.stderr);
  });

  it('a touch fails, in the workspace and in the home folder', async () => {
    const result = await confined('touch pwned; touch "$HOME/pwned"; echo done');
    assert.match(result.stdout, /done/);
    assert.equal(existsSync(path.join(place.ws, 'pwned')), false);
    assert.equal(existsSync(path.join(place.home, 'pwned')), false);
  });

  it('a write through > fails; /dev/null and its own TMPDIR take writes', async () => {
    const result = await confined('echo x > package.json; echo y > /dev/null && echo t > "$TMPDIR/t" && cat "$TMPDIR/t"');
    assert.equal(existsSync(path.join(place.ws, 'package.json')), false);
    assert.equal(result.stdout, 't\n', result.stderr);
  });

  it('a connection fails: the listener on this machine hears nothing', async () => {
    let connections = 0;
    const server = net.createServer((socket) => (connections++, socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const result = await confined(`cat < /dev/tcp/127.0.0.1/${port}; echo exit=$?`);
      assert.match(result.stdout, /exit=1/);
    } finally {
      server.close();
    }
    assert.equal(connections, 0);
  });

  it('a secret file cannot be read, and no secret-named variable is there', async () => {
    const result = await confined('cat .env; env');
    assert.doesNotMatch(result.stdout, /env-canary/);
    assert.doesNotMatch(result.stdout, /token-canary/);
    await fsp.access(path.join(place.ws, '.env'));
  });
});
