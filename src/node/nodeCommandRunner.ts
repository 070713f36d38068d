import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { CommandResult, CommandRunner, CommandRunOptions } from '../core/ports/commandRunner';
import type { Clock } from '../core/ports/clock';
import type { ShellParser } from '../core/ports/shellParser';
import type { CommandSandbox } from '../core/ports/commandSandbox';
import { HeadTailBuffer } from '../core/tools/headTailBuffer';
import { killProcessTree } from './processTree';
import { loginShellEnvironment } from './loginShellEnvironment';
import { shellInvocation, type ShellInvocation } from './shellInvocation';
import { InputPromptWatch } from './inputPromptWatch';
import { systemClock } from './systemClock';
import { commandEnvironment } from './commandEnvironment';

export interface NodeCommandRunnerOptions {
  /** Characters kept per stream (half from the start, half from the end). */
  maxOutputChars?: number;
  /** Time between SIGTERM and SIGKILL when a command is stopped. */
  killGraceMs?: number;
  /** How long to wait for output pipes after the shell exited (a background child may hold them open). */
  drainMs?: number;
  /** The commands' environment; by default the one the user's login shell sets up (loginShellEnvironment). */
  env?: NodeJS.ProcessEnv;
  shell?: (command: string) => ShellInvocation;
  /** Spec §14: this long without output after a line with no newline means the command waits for input. */
  inputWaitMs?: number;
  /** Spec §18: where the Bash tool may confine these commands. */
  sandbox?: CommandSandbox;
  /** Spec §23: reads a command line before it runs, for the approval gate to judge. */
  parser?: ShellParser;
  /** Measures durations and the input wait's silence. */
  clock?: Clock;
  /** Spec §23: the agent's own keys (model, search, MCP), by value: never in a command's environment. */
  ownSecrets?: () => readonly string[];
}

/** Non-interactive defaults: no pager can block a command that has nobody to press q. */
const quietEnv = { PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

export const defaultInputWaitMs = 10_000;

/** CommandRunner on child_process: a shell per command, its own process group, capped output. */
export class NodeCommandRunner implements CommandRunner {
  private readonly options: Required<Omit<NodeCommandRunnerOptions, 'env' | 'sandbox' | 'parser' | 'clock' | 'ownSecrets'>> & { env: NodeJS.ProcessEnv | undefined };
  private readonly ownSecrets: () => readonly string[];
  readonly sandbox: CommandSandbox | undefined;
  readonly parser: ShellParser | undefined;
  private readonly clock: Clock;

  constructor(
    private readonly workspaceRoot: string,
    options: NodeCommandRunnerOptions = {},
  ) {
    this.sandbox = options.sandbox;
    this.parser = options.parser;
    this.clock = options.clock ?? systemClock;
    this.ownSecrets = options.ownSecrets ?? (() => []);
    this.options = {
      maxOutputChars: options.maxOutputChars ?? 50_000,
      killGraceMs: options.killGraceMs ?? 1000,
      drainMs: options.drainMs ?? 300,
      inputWaitMs: options.inputWaitMs ?? defaultInputWaitMs,
      env: options.env,
      shell: options.shell ?? ((command) => shellInvocation(command)),
    };
  }

  async run(command: string, options: CommandRunOptions): Promise<CommandResult> {
    const shell = this.options.shell(command);
    const env = this.options.env ?? (shell.login ? await loginShellEnvironment(shell.file) : process.env);
    return this.spawn(shell, commandEnvironment(env, { unasked: options.unasked, ownSecrets: this.ownSecrets(), extra: options.env }), options);
  }

  private spawn(shell: ShellInvocation, env: NodeJS.ProcessEnv, options: CommandRunOptions): Promise<CommandResult> {
    const started = this.clock.now();
    const stdout = new HeadTailBuffer(this.options.maxOutputChars);
    const stderr = new HeadTailBuffer(this.options.maxOutputChars);
    const result = (exitCode: number | null, timedOut: boolean, cancelled: boolean): CommandResult => ({
      exitCode,
      stdout: stdout.toString(),
      stderr: stderr.toString(),
      timedOut,
      cancelled,
      truncated: stdout.truncated || stderr.truncated,
      durationMs: this.clock.now() - started,
      ...(prompt.waiting !== undefined ? { waitingForInput: prompt.waiting, inputWaitMs: this.options.inputWaitMs } : {}),
    });
    const prompt = new InputPromptWatch(this.options.inputWaitMs, this.clock);
    if (options.signal?.aborted) return Promise.resolve(result(null, false, true));

    return new Promise<CommandResult>((resolve, reject) => {
      const child = spawn(shell.file, shell.args, {
        cwd: path.resolve(this.workspaceRoot, options.cwd),
        env: { ...env, ...quietEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
        windowsVerbatimArguments: shell.windowsVerbatimArguments,
      });
      let timedOut = false;
      let cancelled = false;
      let exitCode: number | null = null;
      let settled = false;

      const collect = (stream: NodeJS.ReadableStream, buffer: HeadTailBuffer, name: 'stdout' | 'stderr') => {
        const decoder = new StringDecoder('utf8');
        stream.on('data', (bytes: Buffer) => {
          const text = decoder.write(bytes);
          if (text === '') return;
          buffer.append(text);
          prompt.saw(text);
          options.onOutput?.(text, name);
        });
        stream.on('end', () => buffer.append(decoder.end()));
      };
      collect(child.stdout!, stdout, 'stdout');
      collect(child.stderr!, stderr, 'stderr');

      const stop = () => killProcessTree(child, this.options.killGraceMs);
      prompt.onWaiting(stop);
      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, options.timeoutMs);
      const onAbort = () => {
        cancelled = true;
        stop();
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });

      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        prompt.dispose();
        options.signal?.removeEventListener('abort', onAbort);
        child.stdout?.destroy();
        child.stderr?.destroy();
        resolve(result(exitCode, timedOut, cancelled && !timedOut && prompt.waiting === undefined));
      };
      child.on('error', (error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        prompt.dispose();
        options.signal?.removeEventListener('abort', onAbort);
        reject(new Error(`Could not start ${shell.file}: ${error.message}`));
      });
      child.on('exit', (code) => {
        exitCode = code;
        setTimeout(finish, this.options.drainMs).unref();
      });
      child.on('close', finish);
    });
  }
}
