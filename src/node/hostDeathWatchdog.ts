import { spawn } from 'node:child_process';

/**
 * A parent-death safeguard for a background command's process group: a tiny shell, outside the group and
 * the host, polls the host each second; when the host is gone (killed, crashed, never deactivated) it stops
 * the group — SIGTERM, then SIGKILL after 3 s. It ends by itself as soon as the group is gone. POSIX only.
 */
export function watchForHostDeath(groupPid: number, hostPid: number): void {
  if (process.platform === 'win32') return;
  const script = [
    `while kill -0 ${hostPid} 2>/dev/null; do kill -0 -${groupPid} 2>/dev/null || exit 0; sleep 1; done`,
    `kill -TERM -${groupPid} 2>/dev/null; sleep 3; kill -KILL -${groupPid} 2>/dev/null`,
  ].join('\n');
  const watchdog = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.on('error', () => {});
  watchdog.unref();
}
