import { spawn } from 'node:child_process';

/**
 * Signals a process group led by `pid` (a command spawned detached). On Windows there are no groups:
 * taskkill ends the tree, forcefully whatever the signal.
 */
export function signalProcessGroup(pid: number, signal: 'SIGTERM' | 'SIGKILL'): void {
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' }).on('error', () => {});
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
