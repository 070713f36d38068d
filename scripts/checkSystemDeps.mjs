// Verifies the system packages the e2e suite needs; installs them when it can (root + apt-get),
// otherwise fails at once with the command to run. Fast (< 1 s) when everything is present.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installScript = path.join(root, 'scripts', 'installSystemDeps.sh');

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (cmd) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, cmd)));
const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

// The .pc names of the headers code-server's native modules build against (libsecret-1-dev,
// libx11-dev, libxkbfile-dev, libkrb5-dev).
const PC_MODULES = ['libsecret-1', 'x11', 'xkbfile', 'krb5'];

function missing() {
  const out = [];
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!executable(chromium)) out.push(`chromium-headless-shell (${chromium})`);
  if (!onPath('rg')) out.push('ripgrep (rg)');
  if (!onPath('pkg-config')) out.push('pkg-config');
  else {
    const absent = PC_MODULES.filter((m) => !succeeds('pkg-config', ['--exists', m]));
    if (absent.length) out.push(`headers: ${absent.join(', ')}`);
  }
  for (const tool of ['make', 'g++', 'python3']) if (!onPath(tool)) out.push(tool);
  return out;
}

// Spec §18's sandbox: installed with the rest where we can; without them the tests that need a real sandbox skip.
const missingOptional = () => [onPath('bwrap') ? undefined : 'bubblewrap (bwrap)', onPath('socat') ? undefined : 'socat'].filter(Boolean);

if (process.env.CHROMIUM_PATH && !executable(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable; unset it to use /usr/bin/chromium-headless-shell.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const before = missing();
if (before.length === 0 && (missingOptional().length === 0 || !isRoot || !onPath('apt-get'))) {
  const optional = missingOptional();
  console.log(optional.length ? `system deps: ok; without ${optional.join(' and ')} the sandbox tests skip (sudo apt-get install bubblewrap socat)` : 'system deps: ok');
  process.exit(0);
}
console.error(`system deps missing: ${[...before, ...missingOptional()].join('; ')}`);
if (!isRoot || !onPath('apt-get')) {
  console.error(`Install them with:\n  sudo bash ${path.relative(process.cwd(), installScript) || installScript}`);
  console.error('(or: apt-get update && apt-get install -y chromium-headless-shell ripgrep pkg-config libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev build-essential python3 bubblewrap socat)');
  console.error('A Chromium elsewhere can be used with CHROMIUM_PATH=/path/to/chromium.');
  process.exit(1);
}
console.error('installing them with apt-get (root)…');
const r = spawnSync('bash', [installScript], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const after = missing();
if (after.length) {
  console.error(`still missing after install: ${after.join('; ')}`);
  process.exit(1);
}
console.log('system deps: installed');
