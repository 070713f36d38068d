import { spawn } from 'node:child_process';
import type { GitCli, GitOutput, GitRunOptions } from '../core/ports/git';

/** Variables a user's shell may have set that would point git at another repository or index than the one asked. */
const repositoryOverrides = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR', 'GIT_PREFIX', 'GIT_NAMESPACE'];

/**
 * Configuration a repository's own `.git/config` could use to run a program of its choosing when CodeAgent runs git
 * (a hook on `worktree add`, an fsmonitor on `add`): switched off for every command.
 */
const noRepositoryPrograms = ['-c', `core.hooksPath=${process.platform === 'win32' ? 'NUL' : '/dev/null'}`, '-c', 'core.fsmonitor=false'];

/** GitCli on child_process: `git` from PATH, never through a shell, never prompting, in English. */
export class NodeGitCli implements GitCli {
  constructor(private readonly executable = 'git') {}

  run(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitOutput> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of repositoryOverrides) delete env[name];
    Object.assign(env, { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C', ...options.env });
    return new Promise((resolve, reject) => {
      const child = spawn(this.executable, ['-c', 'core.quotepath=off', ...noRepositoryPrograms, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.once('error', reject);
      child.once('close', (code, signal) => {
        const bytes = Buffer.concat(stdout);
        resolve({ exitCode: code ?? (signal ? 128 + 15 : 1), stdout: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), stderr: Buffer.concat(stderr).toString('utf8') });
      });
    });
  }
}
