import type { BackgroundProcessView } from './backgroundProcesses';

/** Spec §14's words for a process's state: `running` or `exited with code N`. */
export function processStatusText(process: BackgroundProcessView): string {
  return process.status === 'running' ? 'running' : `exited with code ${process.exitCode ?? 'none (killed by a signal)'}`;
}
