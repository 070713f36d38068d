export const taskStatuses = ['pending', 'in_progress', 'completed', 'failed', 'skipped'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** A task as the model plans it. */
export interface PlanTaskInput {
  id: string;
  description: string;
  /** Ids of the tasks that must complete first. */
  dependencies: string[];
}

/** A task of the conversation's plan, with where it stands. */
export interface PlanTaskState extends PlanTaskInput {
  status: TaskStatus;
  /** The outcome of a completed task. */
  result?: string;
  /** Why a task failed. */
  error?: string;
}

/** The answer to an id that is not in the plan: the model needs the ids it can use. */
export function unknownTaskMessage(taskId: string, tasks: readonly PlanTaskInput[]): string {
  if (tasks.length === 0) return `Unknown task id '${taskId}': there is no plan yet. Make one with PlanTask.`;
  return `Unknown task id '${taskId}'. Known ids: ${tasks.map((t) => t.id).join(', ')}.`;
}
