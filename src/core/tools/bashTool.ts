import { z } from 'zod';
import bashDoc from '../../../prompts/tools/bash.md';
import type { CommandResult } from '../ports/commandRunner';
import { dataOf, historyRecord, tailLines } from './historyRecord';
import { clip } from './textLines';
import { ToolFailure, throwIfCancelled } from './toolResults';
import type { ToolDefinition, ToolResult } from './toolTypes';
import { countOf } from '../plural';
import type { SandboxedCommand } from '../ports/commandSandbox';
import { placeCommand } from './commandPlacement';
import type { CommandUnasked } from './approval';
import { sandboxNote } from './sandboxReport';

export const defaultTimeoutSeconds = 120;
export const maxTimeoutSeconds = 600;
const historyStderrLines = 20;
const historyStdoutLines = 5;

const schema = z.object({
  command: z.string().min(1).describe('Shell command, run in the workspace root'),
  timeout: z.number().positive().max(maxTimeoutSeconds).optional().describe(`Seconds before the command is killed (default ${defaultTimeoutSeconds}, max ${maxTimeoutSeconds})`),
  run_in_background: z.boolean().optional().describe('Return at once; the command keeps running'),
  sandbox: z.boolean().optional().describe('false: ask the user to run it outside the sandbox'),
});
export type BashParams = z.infer<typeof schema>;

export interface BashData extends CommandResult {
  command: string;
  /** The user changed the command before approving it. */
  userEdited: boolean;
  /** Spec §18: it ran inside the OS sandbox, unasked. */
  sandboxed?: boolean;
  /** What the sandbox reported blocking. */
  blocked?: string[];
  /** Spec §23: why it ran without asking, for its card. */
  unasked?: CommandUnasked;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function observation(data: BashData, timeoutSeconds: number, note?: string): string {
  const parts = [`$ ${data.command}`];
  if (data.userEdited) parts.push('(The user edited the command before approving it; this is what ran.)');
  if (data.waitingForInput !== undefined) parts.push(`Stopped: the command seemed to wait for input (no output for ${seconds(data.inputWaitMs ?? 0)} after a line without a newline: ${JSON.stringify(data.waitingForInput)}). Nothing can be typed in: use a non-interactive flag (--yes), pipe the answer in (\`yes | …\`), or run it in the background.`);
  else if (data.timedOut) parts.push(`Timed out after ${timeoutSeconds} s; the command and its child processes were killed.`);
  else if (data.cancelled) parts.push('Cancelled by the user; the command was killed.');
  else parts.push(`Exit code: ${data.exitCode ?? 'none (killed by a signal)'} (${seconds(data.durationMs)})`);
  parts.push(data.stdout.trim() === '' ? 'stdout: (empty)' : `stdout:\n${data.stdout.replace(/\s+$/, '')}`);
  if (data.stderr.trim() !== '') parts.push(`stderr:\n${data.stderr.replace(/\s+$/, '')}`);
  if (data.truncated) parts.push('(Output was longer than the cap; the middle was omitted.)');
  if (note) parts.push(note);
  return parts.join('\n');
}

function outcome(data: BashData, timeoutSeconds: number): ToolResult['error'] {
  if (data.waitingForInput !== undefined) return { code: 'waiting_for_input', message: `Command was stopped while waiting for input: ${JSON.stringify(data.waitingForInput)}.` };
  if (data.timedOut) return { code: 'timeout', message: `Command timed out after ${timeoutSeconds} s and was killed.` };
  if (data.cancelled) return { code: 'cancelled', message: 'Command was cancelled by the user.' };
  if (data.exitCode !== 0) return { code: 'exit_code', message: `Command exited with code ${data.exitCode ?? 'none (killed by a signal)'}.` };
  return undefined;
}

/** How Bash runs a command with run_in_background (spec §14; src/core/processes/backgroundBash.ts). */
export interface BackgroundBash {
  /** `cwd`: the conversation's workspace root (absolute): a worktree conversation's commands run in it (spec §19). */
  start(command: string, userEdited: boolean, owner: string | undefined, cwd: string, sandboxed?: SandboxedCommand): Promise<ToolResult>;
  /** The history record of a background start; undefined when `result` is not one. */
  compress(result: ToolResult): string | undefined;
}

/** Bash; without `background` (where nothing may outlive the call) run_in_background is refused with a message. */
export function createBashTool(background?: BackgroundBash): ToolDefinition<BashParams> {
  return {
    name: 'Bash',
    kind: 'command',
    schema,
    doc: bashDoc,
    paramNames: ['command', 'timeout', 'run_in_background', 'sandbox'],

    async run(params, ctx) {
      throwIfCancelled(ctx.signal);
      const placed = await placeCommand(params.command, { sandbox: params.sandbox, background: params.run_in_background }, ctx);
      const { command, sandboxed } = placed;
      if (params.run_in_background) {
        if (!background) {
          sandboxed?.release();
          throw new ToolFailure('unavailable', 'Background processes are not available here; run the command without run_in_background.');
        }
        return background.start(placed.run ?? command, placed.userEdited, ctx.conversationId, ctx.fs.root, sandboxed);
      }
      const timeoutSeconds = params.timeout ?? defaultTimeoutSeconds;
      const onOutput = ctx.onOutput;
      let run;
      try {
        run = await ctx.commands.run(sandboxed?.line ?? placed.run ?? command, {
          cwd: '.',
          unasked: placed.unasked !== undefined || sandboxed !== undefined,
          ...(sandboxed?.env ? { env: sandboxed.env } : {}),
          timeoutMs: timeoutSeconds * 1000,
          signal: ctx.signal,
          onOutput: onOutput ? (chunk) => onOutput(chunk) : undefined,
        });
      } finally {
        sandboxed?.release();
      }
      const blocked = sandboxed?.blocked() ?? [];
      const data: BashData = { command, userEdited: placed.userEdited, ...run, ...(sandboxed && placed.unasked?.kind !== 'read-only' ? { sandboxed: true, blocked } : {}), ...(placed.unasked ? { unasked: placed.unasked } : {}) };
      const error = outcome(data, timeoutSeconds);
      const note = sandboxed ? sandboxNote(blocked, run.stderr, error !== undefined, placed.policy) : undefined;
      return { status: error ? 'error' : 'success', data, ...(error ? { error } : {}), text: observation(data, timeoutSeconds, note) };
    },

    compress(_params, result) {
      const backgroundRecord = background?.compress(result);
      if (backgroundRecord !== undefined) return backgroundRecord;
      const data = dataOf<BashData>(result);
      if (data.stdout === undefined || data.stderr === undefined) return historyRecord(result, result.status === 'error' ? result.data : undefined);
      const stdoutLines = data.stdout.trim() === '' ? 0 : data.stdout.replace(/\s+$/, '').split('\n').length;
      const compressed: Record<string, unknown> = {
        summary: `${data.waitingForInput !== undefined ? 'stopped waiting for input' : data.timedOut ? 'timed out' : data.cancelled ? 'cancelled' : `exit code ${data.exitCode}`} after ${seconds(data.durationMs ?? 0)}; stdout ${countOf(stdoutLines, 'line')}${data.truncated ? ' (truncated)' : ''}`,
      };
      if (data.userEdited) compressed.command = data.command;
      if (data.sandboxed) compressed.sandboxed = true;
      if (data.blocked?.length) compressed.blocked = data.blocked;
      if (stdoutLines > 0) compressed.stdoutTail = tailLines(data.stdout.split('\n').map((l) => clip(l, 200)).join('\n'), historyStdoutLines);
      if (data.stderr.trim() !== '') compressed.stderrTail = tailLines(data.stderr, historyStderrLines);
      return historyRecord(result, compressed);
    },
  };
}

export const bashTool = createBashTool();
