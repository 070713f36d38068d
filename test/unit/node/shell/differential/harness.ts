import { spawn } from 'node:child_process';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildFixture, differences, resetWork, snapshot, type Fixture, type Snapshot } from './fixture';

/** What one line did that a read-only line must not: files changed, the listener reached, a canary printed. */
export interface RunOutcome {
  problems: string[];
  timedOut: boolean;
  output: string;
}

const timeoutMs = 5000;
const outputCap = 1 << 20;

/**
 * The environment of an unasked command as spec §23 has the runner give it: PATH, HOME (inside the copy), LANG, and
 * read-only git's hardening (`-c safe.bareRepository=explicit -c core.fsmonitor=false -c core.pager=cat
 * -c core.hooksPath=/dev/null`) passed as GIT_CONFIG_COUNT, which git reads as `-c` on every invocation;
 * GIT_OPTIONAL_LOCKS=0 so `git status` does not refresh `.git/index`; no system gitconfig. Not `-c diff.external=`:
 * without the `--no-ext-diff` the runner adds to the words (which this test cannot add without rewriting the line)
 * an empty diff.external makes `git diff` fail ("cannot run"), hiding what it would print. Plus CANARY_API_KEY: the
 * runner strips such variables from unasked commands, so printing it is a leak as well.
 */
function commandEnvironment(fixture: Fixture): NodeJS.ProcessEnv {
  const config: [string, string][] = [
    ['safe.bareRepository', 'explicit'], ['core.fsmonitor', 'false'], ['core.pager', 'cat'], ['core.hooksPath', '/dev/null'],
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: fixture.home,
    LANG: 'C.UTF-8',
    CANARY_API_KEY: fixture.tokens.apiKey,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/** Any 12 characters of a token, in any case, in `output`. */
function leakedToken(output: string, tokens: Fixture['tokens']): string | undefined {
  const text = output.toLowerCase();
  for (const [name, value] of Object.entries(tokens)) {
    for (let i = 0; i + 12 <= value.length; i++) if (text.includes(value.slice(i, i + 12))) return name;
  }
  return undefined;
}

export class DifferentialHarness {
  private connections: string[] = [];
  private baseline: Snapshot;
  private readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly root: string,
    readonly fixture: Fixture,
    private readonly tcp: net.Server,
    private readonly udp: dgram.Socket | undefined,
    readonly port: number,
  ) {
    this.baseline = snapshot(fixture.work);
    this.env = commandEnvironment(fixture);
    tcp.on('connection', (socket) => {
      this.connections.push(`tcp from ${socket.remotePort}`);
      socket.destroy();
    });
    udp?.on('message', (message) => this.connections.push(`udp ${JSON.stringify(message.toString('latin1').slice(0, 40))}`));
  }

  /** The fixture in a new temporary folder, and a TCP listener (UDP on the same port when free) on 127.0.0.1. */
  static async start(): Promise<DifferentialHarness> {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-differential-'));
    const fixture = buildFixture(root);
    const tcp = net.createServer();
    await new Promise<void>((resolve, reject) => tcp.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
    const port = (tcp.address() as net.AddressInfo).port;
    const udp = dgram.createSocket('udp4');
    const bound = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) udp.close();
    return new DifferentialHarness(root, fixture, tcp, bound ? udp : undefined, port);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.tcp.close(() => resolve()));
    this.udp?.close();
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  /** Runs `line` with `/bin/bash -c` in the copy, then checks the copy, the listener and the output. */
  async run(line: string): Promise<RunOutcome> {
    const seen = this.connections.length;
    const { output, timedOut } = await this.bash(line);
    // The listener's accept and the child's exit arrive on the same loop: two more turns let a pending accept land.
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    const problems: string[] = [];
    const changed = differences(this.baseline, snapshot(this.fixture.work));
    if (changed.length > 0) {
      problems.push(`files: ${changed.slice(0, 6).join('; ')}${changed.length > 6 ? `; … ${changed.length - 6} more` : ''}`);
      resetWork(this.fixture);
      this.baseline = snapshot(this.fixture.work);
    }
    if (this.connections.length > seen) problems.push(`listener reached: ${this.connections.slice(seen).join(', ')}`);
    const leaked = leakedToken(output, this.fixture.tokens);
    if (leaked) problems.push(`canary ${leaked} in the output`);
    return { problems, timedOut, output };
  }

  private bash(line: string): Promise<{ output: string; timedOut: boolean }> {
    return new Promise((resolve) => {
      const child = spawn('/bin/bash', ['-c', line], { cwd: this.fixture.work, env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const chunks: Buffer[] = [];
      let size = 0;
      let timedOut = false;
      const keep = (chunk: Buffer) => {
        if (size < outputCap) chunks.push(chunk);
        size += chunk.length;
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
      }, timeoutMs);
      // A background job (`ls &`) may outlive bash and hold the pipes: a second after bash exits, its group goes.
      let grace: NodeJS.Timeout | undefined;
      child.on('exit', () => {
        grace = setTimeout(killGroup, 1000);
      });
      child.on('error', (error) => keep(Buffer.from(String(error))));
      child.on('close', () => {
        clearTimeout(timer);
        if (grace) clearTimeout(grace);
        killGroup();
        resolve({ output: Buffer.concat(chunks).toString('latin1'), timedOut });
      });
    });
  }
}
