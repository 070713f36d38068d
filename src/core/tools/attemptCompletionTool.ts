import { z } from 'zod';
import attemptCompletionDoc from '../../../prompts/tools/attemptCompletion.md';
import { historyRecord } from './historyRecord';
import { success } from './toolResults';
import type { ToolDefinition } from './toolTypes';

const schema = z.object({
  result: z.string().min(1).describe('What was done, for the user: final and self-contained'),
});
export type AttemptCompletionParams = z.infer<typeof schema>;

/** Ends the agent turn; the loop recognises it by name and shows `result` as the completion. */
export const attemptCompletionTool: ToolDefinition<AttemptCompletionParams> = {
  name: 'AttemptCompletion',
  kind: 'control',
  schema,
  doc: attemptCompletionDoc,
  paramNames: ['result'],

  async run(params) {
    return success({ result: params.result }, params.result);
  },

  compress(params, result) {
    return historyRecord(result, result.status === 'success' ? { result: params.result } : undefined);
  },
};
