import { spawn } from 'node:child_process';
import type { HookRun, HookRunner, HookRunOptions } from '../../core/ports/hookRunner';
import { errorMessage } from '../../core/errorMessage';
import { killProcessTree } from '../processTree';
import { shellInvocation } from '../shellInvocation';
import { hookEnvironment } from './hookEnvironment';

/** A hook's stdout or stderr past this is cut: a hook talks in a few lines. */
const maxOutputChars = 256 * 1024;

/**
 * Runs a hook command with `-c` in the user's shell, in its own process group (the whole group is killed on timeout
 * or cancel), with the event's JSON on stdin and an environment without the API key.
 */
export class NodeHookRunner implements HookRunner {
  constructor(private readonly secrets: () => readonly string[], private readonly baseEnv: () => NodeJS.ProcessEnv = () => process.env) {}

  run(command: string, options: HookRunOptions): Promise<HookRun> {
    return new Promise((resolve) => {
      const shell = shellInvocation(command);
      let child;
      try {
        child = spawn(shell.file, shell.args, {
          cwd: options.cwd, env: hookEnvironment(this.baseEnv(), this.secrets(), options.cwd),
          detached: process.platform !== 'win32', windowsHide: true, windowsVerbatimArguments: shell.windowsVerbatimArguments, stdio: ['pipe', 'pipe', 'pipe'],
        });
      } catch (error) {
        resolve({ exitCode: null, stdout: '', stderr: '', timedOut: false, error: errorMessage(error) });
        return;
      }
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      let settled = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => { if (stdout.length < maxOutputChars) stdout += chunk.slice(0, maxOutputChars - stdout.length); });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => { if (stderr.length < maxOutputChars) stderr += chunk.slice(0, maxOutputChars - stderr.length); });
      // A hook that never reads stdin must not fail the run.
      child.stdin.on('error', () => {});
      child.stdin.end(options.stdin);
      const finish = (run: HookRun) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(run);
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killProcessTree(child, 1000);
      }, options.timeoutMs);
      const onAbort = () => killProcessTree(child, 1000);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (error) => finish({ exitCode: null, stdout, stderr, timedOut, error: errorMessage(error) }));
      child.on('close', (code) => finish({ exitCode: timedOut ? null : code, stdout, stderr, timedOut }));
    });
  }
}
