import { countOf } from '../plural';

export type TodoStatus = 'pending' | 'in_progress' | 'completed';

export interface TodoItem {
  content: string;
  status: TodoStatus;
}

/** The conversation's todo list: TodoWrite replaces it, the context builder appends its recap. */
export interface TodoStore {
  get(): readonly TodoItem[];
  set(todos: readonly TodoItem[]): void;
}

export class InMemoryTodoStore implements TodoStore {
  private todos: readonly TodoItem[] = [];
  private readonly listeners = new Set<(todos: readonly TodoItem[]) => void>();

  get(): readonly TodoItem[] {
    return this.todos;
  }

  set(todos: readonly TodoItem[]): void {
    this.todos = todos.map((t) => ({ ...t }));
    for (const listener of this.listeners) listener(this.todos);
  }

  /** Returns the unsubscribe function. */
  onChange(listener: (todos: readonly TodoItem[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const statusMark: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/** The full list, one line per item, as shown to the model after TodoWrite and in the context's todo recap. */
export function formatTodoList(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'The todo list is empty.';
  return todos.map((t, i) => `${statusMark[t.status]} ${i + 1}. ${t.content}`).join('\n');
}

/** One-line recap: the only thing TodoWrite leaves in history (seed 001 §A3). */
export function todoRecap(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'Todo list cleared.';
  const count = (s: TodoStatus) => todos.filter((t) => t.status === s).length;
  const current = todos.find((t) => t.status === 'in_progress');
  const parts = [`${countOf(todos.length, 'todo')}: ${count('completed')} completed, ${count('in_progress')} in progress, ${count('pending')} pending`];
  if (current) parts.push(`current: ${current.content}`);
  return parts.join('; ') + '.';
}
