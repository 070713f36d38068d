import { existsSync } from 'node:fs';
import * as path from 'node:path';

export interface ShellInvocation {
  file: string;
  args: string[];
  /** cmd.exe parses its own command line; Node must not re-quote it. */
  windowsVerbatimArguments?: boolean;
}

const loginCapableShells = new Set(['bash', 'zsh']);

/**
 * How to run one command line: on POSIX the user's bash or zsh as a login shell (so PATH from
 * their profile, nvm and the like, is there), else /bin/bash, else /bin/sh; on Windows cmd.exe.
 */
export function shellInvocation(command: string, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): ShellInvocation {
  if (platform === 'win32') {
    return { file: env.ComSpec || 'cmd.exe', args: ['/d', '/s', '/c', `"${command}"`], windowsVerbatimArguments: true };
  }
  const userShell = env.SHELL;
  if (userShell && loginCapableShells.has(path.basename(userShell)) && existsSync(userShell)) {
    return { file: userShell, args: ['-lc', command] };
  }
  if (existsSync('/bin/bash')) return { file: '/bin/bash', args: ['-lc', command] };
  return { file: '/bin/sh', args: ['-c', command] };
}
