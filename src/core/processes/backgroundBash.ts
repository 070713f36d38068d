import type { BackgroundBash } from '../tools/bashTool';
import { dataOf, historyRecord, tailLines } from '../tools/historyRecord';
import { ToolFailure } from '../tools/toolResults';
import type { ToolResult } from '../tools/toolTypes';
import { errorMessage } from '../errorMessage';
import type { SandboxedCommand } from '../ports/commandSandbox';
import type { BackgroundProcesses } from './backgroundProcesses';
import { clipTail } from './clipTail';

/** Spec §14: a background command returns with what it printed in about its first second. */
export const firstOutputMs = 1000;
const firstOutputChars = 4000;

export interface BackgroundStartData {
  background: true;
  id: string;
  command: string;
  userEdited: boolean;
  firstOutput: string;
  status: 'running' | 'exited';
  exitCode: number | null;
  /** Spec §18: it runs inside the OS sandbox. */
  sandboxed?: boolean;
}

/** Bash's run_in_background on `processes`. */
export function backgroundBash(processes: BackgroundProcesses): BackgroundBash {
  return {
    start: (command, userEdited, owner, cwd, sandboxed) => startInBackground(processes, command, userEdited, owner, cwd, sandboxed),
    compress: (result) => {
      const data = dataOf<BackgroundStartData>(result);
      return data.background === true ? compressBackgroundStart(result, data as BackgroundStartData) : undefined;
    },
  };
}

/** Bash with run_in_background: started once approved, reported at once with its first output. */
async function startInBackground(processes: BackgroundProcesses, command: string, userEdited: boolean, owner: string | undefined, cwd: string, sandboxed: SandboxedCommand | undefined): Promise<ToolResult> {
  let started;
  try {
    started = await processes.start(command, cwd, owner, sandboxed);
  } catch (error) {
    throw new ToolFailure('background_failed', errorMessage(error), { command });
  }
  await processes.settle(started.id, firstOutputMs);
  const first = processes.readNew(started.id)!;
  const now = processes.get(started.id)!;
  const data: BackgroundStartData = {
    background: true, id: started.id, command, userEdited,
    firstOutput: clipTail(first.text, firstOutputChars), status: now.status, exitCode: now.exitCode,
    ...(sandboxed ? { sandboxed: true } : {}),
  };
  const lines = [`Started background process ${data.id}: ${command}`];
  if (userEdited) lines.push('(The user edited the command before approving it; this is what runs.)');
  if (now.status === 'exited') lines.push(`It already exited with code ${now.exitCode ?? 'none (killed by a signal)'}.`);
  else lines.push(`Still running. Read its output with BashOutput (id ${data.id}); stop it with KillBash when done.`);
  lines.push(data.firstOutput.trim() === '' ? 'First output: (none yet)' : `First output:\n${data.firstOutput.replace(/\s+$/, '')}`);
  if (sandboxed) lines.push('It runs inside the sandbox.');
  const blocked = sandboxed?.blocked() ?? [];
  if (blocked.length > 0) lines.push(`The sandbox blocked so far:\n${blocked.map((line) => `- ${line}`).join('\n')}`);
  return { status: 'success', data, text: lines.join('\n') };
}

/** The history keeps the id (later turns may read or stop it) and a few lines of the first output. */
function compressBackgroundStart(result: ToolResult, data: BackgroundStartData): string {
  const compressed: Record<string, unknown> = { summary: `started background process ${data.id}${data.status === 'exited' ? `; exited with code ${data.exitCode}` : ''}` };
  if (data.userEdited) compressed.command = data.command;
  if (data.firstOutput.trim() !== '') compressed.firstOutputTail = tailLines(data.firstOutput, 5);
  return historyRecord(result, compressed);
}
