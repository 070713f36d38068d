import { z } from 'zod';
import askUserDoc from '../../../prompts/tools/askUser.md';
import { dataOf, historyRecord } from './historyRecord';
import { success, throwIfCancelled } from './toolResults';
import type { ToolDefinition } from './toolTypes';

const schema = z.object({
  question: z.string().min(1).describe('One clear question for the user'),
  options: z.array(z.string().min(1)).optional().describe('Suggested answers the user can pick with one click'),
});
export type AskUserParams = z.infer<typeof schema>;

export interface AskUserData {
  question: string;
  options?: string[];
  answer: string;
}

export const askUserTool: ToolDefinition<AskUserParams> = {
  name: 'AskUser',
  kind: 'interactive',
  schema,
  doc: askUserDoc,
  paramNames: ['question', 'options'],

  async run(params, ctx) {
    throwIfCancelled(ctx.signal);
    const options = params.options && params.options.length > 0 ? params.options : undefined;
    const answer = await ctx.askUser(params.question, options);
    throwIfCancelled(ctx.signal);
    const data: AskUserData = { question: params.question, ...(options ? { options } : {}), answer };
    return success(data, `The user answered: ${answer}`);
  },

  compress(params, result) {
    const data = dataOf<AskUserData>(result);
    if (result.status !== 'success') return historyRecord(result, undefined);
    return historyRecord(result, { question: params.question, answer: data.answer });
  },
};
