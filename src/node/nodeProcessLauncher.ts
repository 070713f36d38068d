import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { LaunchedProcess, ProcessLauncher, ProcessLaunchOptions } from '../core/ports/processLauncher';
import { loginShellEnvironment } from './loginShellEnvironment';
import { watchForHostDeath } from './hostDeathWatchdog';
import { signalProcessGroup } from './processGroup';
import { shellInvocation, type ShellInvocation } from './shellInvocation';

export interface NodeProcessLauncherOptions {
  env?: NodeJS.ProcessEnv;
  shell?: (command: string) => ShellInvocation;
  /** The process whose death stops the commands even when it could not stop them itself (the extension host). */
  hostPid?: number;
}

/** Non-interactive defaults, as for foreground commands: nobody can press q in a pager. */
const quietEnv = { PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

/**
 * Background commands on child_process (spec §14): each in a shell leading its own process group, so a signal
 * reaches everything it started; a watchdog stops the group if the host dies without doing it (no orphans).
 */
export class NodeProcessLauncher implements ProcessLauncher {
  constructor(
    private readonly workspaceRoot: string | (() => string),
    private readonly options: NodeProcessLauncherOptions = {},
  ) {}

  async launch(command: string, options: ProcessLaunchOptions): Promise<LaunchedProcess> {
    const shell = (this.options.shell ?? shellInvocation)(command);
    const env = this.options.env ?? (shell.login ? await loginShellEnvironment(shell.file) : process.env);
    const child = spawn(shell.file, shell.args, {
      cwd: path.resolve(typeof this.workspaceRoot === 'string' ? this.workspaceRoot : this.workspaceRoot(), options.cwd),
      env: { ...env, ...quietEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: shell.windowsVerbatimArguments,
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(new Error(`Could not start ${shell.file}: ${error.message}`)));
    });
    const pid = child.pid!;
    for (const stream of [child.stdout!, child.stderr!]) {
      const decoder = new StringDecoder('utf8');
      stream.on('data', (bytes: Buffer) => {
        const text = decoder.write(bytes);
        if (text) options.onOutput(text);
      });
      stream.on('end', () => {
        const rest = decoder.end();
        if (rest) options.onOutput(rest);
      });
    }
    child.once('exit', (code) => {
      // What it left behind in its group goes with it.
      signalProcessGroup(pid, 'SIGKILL');
      options.onExit(code);
    });
    // The pipes stay open while a left-behind child holds them; the process is not waited for (unref).
    child.unref();
    watchForHostDeath(pid, this.options.hostPid ?? process.pid);
    return { signal: (signal) => signalProcessGroup(pid, signal) };
  }
}
