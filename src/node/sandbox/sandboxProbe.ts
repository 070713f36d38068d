import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';
import type { UserText } from '../../core/ports/translator';

/** `reason` and `hint`: in the user's words (spec §20), `(english)` for the log. */
export type SandboxProbe = { available: true; platform: 'linux' | 'macos' } | { available: false; reason: UserText; hint?: UserText };

const linuxHint: UserText = (l10n) => l10n.t('Install bubblewrap and socat (Debian/Ubuntu: {0}; Fedora: {1}; Arch: {2}).', 'sudo apt-get install bubblewrap socat', 'sudo dnf install bubblewrap socat', 'sudo pacman -S bubblewrap socat');

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
    return onPath('sandbox-exec', `/usr/bin${path.delimiter}${searchPath ?? ''}`) ? { available: true, platform: 'macos' } : { available: false, reason: (l10n) => l10n.t('{0} was not found', 'sandbox-exec') };
  }
  if (platform !== 'linux') {
    const name = platform === 'win32' ? 'Windows' : platform;
    return { available: false, reason: (l10n) => l10n.t('no sandbox for {0}', name), hint: (l10n) => l10n.t('Open the folder in WSL2 (Remote - WSL) to run commands sandboxed.') };
  }
  const bwrap = onPath('bwrap', searchPath);
  const socat = onPath('socat', searchPath);
  if (!bwrap || !socat) {
    const reason: UserText = (l10n) => (!bwrap && !socat
      ? l10n.t('{0} and {1} not found on PATH', 'bubblewrap (bwrap)', 'socat')
      : l10n.t('{0} not found on PATH', bwrap ? 'socat' : 'bubblewrap (bwrap)'));
    return { available: false, reason, hint: linuxHint };
  }
  const failure = await trialRun(bwrap);
  if (failure !== undefined) {
    const said = failure.split('\n')[0]!;
    return {
      available: false,
      reason: (l10n) => l10n.t('bubblewrap cannot start a sandbox here, user namespaces may be off ({0})', said),
      hint: (l10n) => l10n.t('Enable unprivileged user namespaces ({0}; on Ubuntu 24.04+: {1}).', 'sudo sysctl -w kernel.unprivileged_userns_clone=1', 'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0'),
    };
  }
  return { available: true, platform: 'linux' };
}
