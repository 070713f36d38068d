// Shared by scripts/e2e.mjs and scripts/start.mjs: provisioning code-server, packaging the
// extension, installing it, free ports, timed phases.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const vsixPath = path.join(root, 'out', 'codeagent.vsix');

/** Runs `fn`, printing how long the phase took. */
export async function phase(name, fn) {
  const start = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    return await fn();
  } finally {
    console.log(`◀ ${name}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
  }
}

/** Runs a command with inherited stdio; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`))));
  });
}

export function checkSystemDeps() {
  return run(process.execPath, [path.join(root, 'scripts', 'checkSystemDeps.mjs')]);
}

/**
 * Installs code-server if needed (idempotent) and returns its package dir: the current one (4.139.1, on Node 24), or
 * `vscode` '1.100' for 4.100.3 (the oldest VS Code `engines.vscode` allows). See scripts/provisionCodeServer.sh.
 */
export function provisionCodeServer(vscode = process.env.CODEAGENT_E2E_VSCODE ?? 'current') {
  const r = spawnSync('bash', [path.join(root, 'scripts', 'provisionCodeServer.sh'), vscode], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`provisionCodeServer.sh failed (exit ${r.status}):\n${r.stdout}`);
  const lines = r.stdout.trim().split('\n');
  if (lines.length > 1) console.log(lines.slice(0, -1).join('\n'));
  const dir = lines.at(-1);
  if (!dir || !fs.existsSync(path.join(dir, 'out', 'node', 'entry.js'))) throw new Error(`provisioning printed no code-server dir:\n${r.stdout}`);
  return dir;
}

/** `npm run package` → out/codeagent.vsix. */
export async function packageExtension() {
  await run(process.execPath, [path.join(root, 'scripts', 'package.mjs')]);
  return vsixPath;
}

export function codeServerEntry(packageDir) {
  return path.join(packageDir, 'out', 'node', 'entry.js');
}

/** The Node that runs code-server: the one provisioning linked beside the package (Node 24 for 4.139), else ours. */
export function codeServerNode(packageDir) {
  const linked = path.join(packageDir, '..', 'node');
  return fs.existsSync(linked) ? linked : process.execPath;
}

/**
 * Installs (or reinstalls, --force) the vsix into `extDir`. Stop any server using extDir first.
 * `config`: a code-server config.yaml (else code-server writes ~/.config/code-server/config.yaml).
 */
export function installVsix(packageDir, vsix, extDir, userDataDir, config) {
  const r = spawnSync(codeServerNode(packageDir), [codeServerEntry(packageDir), '--config', config, '--extensions-dir', extDir, '--user-data-dir', userDataDir, '--install-extension', vsix, '--force'], { encoding: 'utf8' });
  if (r.status !== 0 || !/successfully installed/i.test(r.stdout + r.stderr)) throw new Error(`installing ${vsix} failed:\n${r.stdout}\n${r.stderr}`);
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `preferred` if free, else the next free port above it. */
export async function freePortFrom(preferred) {
  for (let port = preferred; port < preferred + 200; port++) if (await portFree(port)) return port;
  throw new Error(`no free port in ${preferred}…${preferred + 199}`);
}
