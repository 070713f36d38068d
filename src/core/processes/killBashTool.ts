import type { z } from 'zod';
import killBashDoc from '../../../prompts/tools/killBash.md';
import { historyRecord } from '../tools/historyRecord';
import type { ToolDefinition } from '../tools/toolTypes';
import type { BackgroundProcesses, StopOutcome } from './backgroundProcesses';
import { ownProcessId, processIdSchema, unknownProcess } from './processLookup';

const schema = processIdSchema;
export type KillBashParams = z.infer<typeof schema>;

const outcomeText: Record<StopOutcome, string> = {
  alreadyExited: 'had already exited',
  terminated: 'was stopped (SIGTERM)',
  killed: 'ignored SIGTERM and was killed (SIGKILL)',
};

/**
 * Spec §14: stops a background process and everything it started. It asks no approval: it can only stop what
 * this agent started (an approved command), and stopping is what the user would otherwise do by hand.
 */
export function createKillBashTool(processes: BackgroundProcesses | undefined): ToolDefinition<KillBashParams> {
  return {
    name: 'KillBash',
    kind: 'command',
    schema,
    doc: killBashDoc,
    paramNames: ['id'],

    async run(params, ctx) {
      const { processes: own, id } = ownProcessId(processes, params.id, ctx.conversationId);
      const outcome = await own.stop(id);
      const process = own.get(id);
      if (!outcome || !process) throw unknownProcess(own, id, ctx.conversationId);
      const text = `Process ${id} (${process.command}) ${outcomeText[outcome]}; exit code ${process.exitCode ?? 'none (killed by a signal)'}.`;
      return { status: 'success', data: { id, outcome }, text };
    },

    compress(_params, result) {
      return historyRecord(result, result.status === 'success' ? result.data : undefined);
    },
  };
}
