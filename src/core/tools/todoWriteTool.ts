import { z } from 'zod';
import todoWriteDoc from '../../../prompts/tools/todoWrite.md';
import { historyRecord } from './historyRecord';
import { formatTodoList, todoRecap, type TodoItem } from './todoStore';
import { success } from './toolResults';
import type { ToolDefinition } from './toolTypes';

const schema = z.object({
  todos: z
    .array(
      z.object({
        content: z.string().min(1).describe('What to do, imperative'),
        status: z.enum(['pending', 'in_progress', 'completed']),
      }),
    )
    .describe('The whole todo list; it replaces the previous one'),
});
export type TodoWriteParams = z.infer<typeof schema>;

export const todoWriteTool: ToolDefinition<TodoWriteParams> = {
  name: 'TodoWrite',
  kind: 'control',
  schema,
  doc: todoWriteDoc,
  paramNames: ['todos'],

  async run(params, ctx) {
    const todos: TodoItem[] = params.todos.map((t) => ({ content: t.content.trim(), status: t.status }));
    ctx.todos.set(todos);
    const recap = todoRecap(todos);
    return success({ todos, recap }, `Todo list updated. ${recap}\n${formatTodoList(todos)}`);
  },

  compress(params, result) {
    if (result.status !== 'success') return historyRecord(result, undefined);
    return historyRecord(result, { recap: todoRecap(params.todos) });
  },
};
