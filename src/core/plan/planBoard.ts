/** What the Task tool needs of the conversation's plan (spec §7); the TaskManager implements it. */
export interface PlanBoard {
  /** Marks the task in_progress; returns an error message when the id is unknown or the task cannot start. */
  start(taskId: string): string | undefined;
  complete(taskId: string, result: string): void;
  /** Marks the task failed and every dependent, transitively, skipped. */
  fail(taskId: string, error: string): void;
  /** The plan summary, then `Current Task: <description> (ID: <id>)` or a line saying the plan is done. */
  footer(): string;
}
