import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Kills a command and everything it started. On POSIX the command leads its own process group
 * (spawned detached), so one signal reaches the whole group; SIGKILL follows if it lingers.
 */
export function killProcessTree(child: ChildProcess, graceMs: number): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' }).on('error', () => child.kill());
    return;
  }
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const force = setTimeout(() => signalGroup('SIGKILL'), graceMs);
  force.unref();
}
