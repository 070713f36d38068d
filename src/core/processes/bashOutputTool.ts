import type { z } from 'zod';
import bashOutputDoc from '../../../prompts/tools/bashOutput.md';
import { historyRecord, tailLines } from '../tools/historyRecord';
import type { ToolDefinition } from '../tools/toolTypes';
import type { BackgroundProcesses } from './backgroundProcesses';
import { clipTail } from './clipTail';
import { formatDuration } from './duration';
import { ownProcessId, processIdSchema, unknownProcess } from './processLookup';
import { processStatusText } from './processStatus';

/** What one read returns at most; the newest output is kept. */
export const maxReadChars = 30_000;

const schema = processIdSchema;
export type BashOutputParams = z.infer<typeof schema>;

/** Spec §14: a background process's output since the last read and its state. Reads only, so never asks. */
export function createBashOutputTool(processes: BackgroundProcesses | undefined): ToolDefinition<BashOutputParams> {
  return {
    name: 'BashOutput',
    kind: 'read',
    schema,
    doc: bashOutputDoc,
    paramNames: ['id'],

    async run(params, ctx) {
      const { processes: own, id } = ownProcessId(processes, params.id, ctx.conversationId);
      const slice = own.readNew(id);
      const process = own.get(id);
      if (!slice || !process) throw unknownProcess(own, id, ctx.conversationId);
      const output = clipTail(slice.text, maxReadChars, slice.dropped);
      const status = processStatusText(process);
      const since = process.status === 'running' ? ` (for ${formatDuration(own.runningFor(process))})` : '';
      const text = [`Process ${id} (${process.command}): ${status}${since}`, output.trim() === '' ? 'No new output since the last read.' : `New output:\n${output.replace(/\s+$/, '')}`].join('\n');
      return { status: 'success', data: { id, command: process.command, status, output }, text };
    },

    compress(_params, result) {
      if (result.status !== 'success') return historyRecord(result, undefined);
      const data = result.data as { id: string; status: string; output: string };
      return historyRecord(result, { id: data.id, status: data.status, outputTail: tailLines(data.output, 10) });
    },
  };
}
