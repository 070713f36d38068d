import type { PlanBoard } from './planBoard';
import type { PlanTaskInput, PlanTaskState } from './planTask';

/** What the plan tools (PlanTask, UpdateTaskStatus) need beyond the Task tool's PlanBoard; the TaskManager implements it. */
export interface PlanControl extends PlanBoard {
  /** Replaces the plan; returns an error message naming every problem, and then keeps the old plan. */
  setPlan(tasks: readonly PlanTaskInput[]): string | undefined;
  /** Back to pending for a retry; returns an error message when the id is unknown. */
  reset(taskId: string): string | undefined;
  task(taskId: string): PlanTaskState | undefined;
  /** In plan (topological) order. */
  tasks(): readonly PlanTaskState[];
  summary(): string;
}
