import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';

export type SandboxProbe = { available: true; platform: 'linux' | 'macos' } | { available: false; reason: string; hint?: string };

const linuxHint = 'Install bubblewrap and socat (Debian/Ubuntu: sudo apt-get install bubblewrap socat; Fedora: sudo dnf install bubblewrap socat; Arch: sudo pacman -S bubblewrap socat).';

/** The executable `name` on `searchPath`, or undefined. */
export function onPath(name: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function trialRun(bwrap: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(bwrap, ['--ro-bind', '/', '/', 'true'], { timeout: 10_000 }, (error, _stdout, stderr) => {
      resolve(error ? (stderr.trim() || error.message) : undefined);
    });
  });
}

/**
 * Spec §18: whether commands can be sandboxed here, and if not why, with the install hint. Linux (and WSL2): bwrap and
 * socat on PATH and a trial `bwrap --ro-bind / / true` that works (user namespaces on); macOS: sandbox-exec.
 */
export async function probeSandbox(platform: NodeJS.Platform = process.platform, searchPath: string | undefined = process.env.PATH): Promise<SandboxProbe> {
  if (platform === 'darwin') {
    return onPath('sandbox-exec', `/usr/bin${path.delimiter}${searchPath ?? ''}`) ? { available: true, platform: 'macos' } : { available: false, reason: 'sandbox-exec was not found' };
  }
  if (platform !== 'linux') return { available: false, reason: `no sandbox for ${platform === 'win32' ? 'Windows' : platform}`, hint: 'Open the folder in WSL2 (Remote - WSL) to run commands sandboxed.' };
  const bwrap = onPath('bwrap', searchPath);
  const socat = onPath('socat', searchPath);
  const missing = [bwrap ? undefined : 'bubblewrap (bwrap)', socat ? undefined : 'socat'].filter(Boolean);
  if (!bwrap || !socat) return { available: false, reason: `${missing.join(' and ')} not found on PATH`, hint: linuxHint };
  const failure = await trialRun(bwrap);
  if (failure !== undefined) {
    return { available: false, reason: `bubblewrap cannot start a sandbox here, user namespaces may be off (${failure.split('\n')[0]})`, hint: 'Enable unprivileged user namespaces (sudo sysctl -w kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0).' };
  }
  return { available: true, platform: 'linux' };
}
