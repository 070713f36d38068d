import { existsSync } from 'node:fs';
import * as path from 'node:path';

export interface ShellInvocation {
  file: string;
  args: string[];
  /** cmd.exe parses its own command line; Node must not re-quote it. */
  windowsVerbatimArguments?: boolean;
  /** A shell that can be run as a login shell: commands get the environment its profile sets up. */
  login?: boolean;
}

const loginCapableShells = new Set(['bash', 'zsh']);

/**
 * How to run one command line: on POSIX the user's bash or zsh, else /bin/bash, else /bin/sh, with `-c`
 * (the login shell's environment, PATH from their profile, nvm and the like, is read once:
 * loginShellEnvironment); on Windows cmd.exe. `login` names the shell whose profile sets that environment.
 */
export function shellInvocation(command: string, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): ShellInvocation {
  if (platform === 'win32') {
    return { file: env.ComSpec || 'cmd.exe', args: ['/d', '/s', '/c', `"${command}"`], windowsVerbatimArguments: true };
  }
  const userShell = env.SHELL;
  if (userShell && loginCapableShells.has(path.basename(userShell)) && existsSync(userShell)) {
    return { file: userShell, args: ['-c', command], login: true };
  }
  if (existsSync('/bin/bash')) return { file: '/bin/bash', args: ['-c', command], login: true };
  return { file: '/bin/sh', args: ['-c', command] };
}

/** The shell that really runs the agent's commands, as the system prompt names it (not the editor's terminal shell). */
export function commandShell(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  return shellInvocation('', platform, env).file;
}
