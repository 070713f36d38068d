import { z } from 'zod';
import type { TodoItem } from './todoStore';

export const todoItemSchema: z.ZodType<TodoItem> = z.looseObject({
  content: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed']),
});
