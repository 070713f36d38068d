import * as os from 'node:os';
import type * as vscode from 'vscode';
import { BackgroundProcesses } from '../core/processes/backgroundProcesses';
import { runningProcessesReminder } from '../core/processes/processReminder';
import type { Settings } from '../core/settings';
import { NodeProcessLauncher } from '../node/nodeProcessLauncher';
import { systemClock } from '../node/systemClock';
import { ProcessPanel } from './processPanel';
import { ProcessTerminals } from './processTerminals';

export interface ProcessesSetup {
  processes: BackgroundProcesses;
  panel: ProcessPanel;
  /** The next request's reminder of what still runs (AgentSessionDeps.inputReminder). */
  reminder: (conversationId: string) => string;
  /** Deactivation: every process stopped (SIGTERM now, SIGKILL 3 s later), none left behind. */
  stop: () => Promise<void>;
  disposables: vscode.Disposable[];
}

/** Spec §14 for the window: one registry shared by every conversation, its panel rows and terminals. */
export function startBackgroundProcesses(options: { settings: () => Settings; workspaceRoot: () => string | undefined; log: (message: string) => void }): ProcessesSetup {
  const launcher = new NodeProcessLauncher(() => options.workspaceRoot() ?? os.homedir());
  const processes = new BackgroundProcesses({ launcher, clock: systemClock, maxRunning: () => options.settings().tools.maxBackgroundProcesses });
  const terminals = new ProcessTerminals(processes);
  const panel = new ProcessPanel(processes, terminals, options.log);
  return {
    processes,
    panel,
    reminder: (conversationId) => runningProcessesReminder(processes.listFor(conversationId).filter((p) => p.status === 'running'), systemClock.now()),
    stop: () => processes.stopAll(),
    disposables: [panel, terminals],
  };
}
