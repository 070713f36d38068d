import type { PlanControl } from './planControl';
import type { PlanSnapshot } from './planSnapshot';
import { planFooter, planSummary } from './planSummary';
import { unknownTaskMessage, type PlanTaskInput, type PlanTaskState, type TaskStatus } from './planTask';
import { orderTasks } from './taskOrder';

type PlanListener = (snapshot: PlanSnapshot) => void;

/**
 * The conversation's plan (spec §7, seed 002): a dependency graph of tasks in topological order and
 * where each stands. `skipped` is never set directly: after every change, a pending task with a
 * failed or skipped dependency becomes skipped, and a skipped one whose dependencies recovered is
 * pending again, so failing cascades and retrying un-skips by the same rule.
 */
export class TaskManager implements PlanControl {
  private list: PlanTaskState[] = [];
  private readonly listeners = new Set<PlanListener>();

  /** Restores a persisted plan; throws when its dependency graph is invalid. */
  static fromSnapshot(snapshot: PlanSnapshot): TaskManager {
    const manager = new TaskManager();
    if (snapshot.tasks.length === 0) return manager;
    const ordering = orderTasks(snapshot.tasks.map(copyTask));
    if (!ordering.ok) throw new Error(`The stored plan is invalid. ${ordering.error}`);
    manager.list = ordering.tasks;
    manager.settle();
    return manager;
  }

  setPlan(tasks: readonly PlanTaskInput[]): string | undefined {
    const ordering = orderTasks(tasks.map(normaliseInput));
    if (!ordering.ok) return ordering.error;
    const previous = new Map(this.list.map((t) => [t.id, t]));
    this.list = ordering.tasks.map((task) => {
      const old = previous.get(task.id);
      // A plan revised half-way keeps the progress of the tasks it resends unchanged.
      if (old && old.description === task.description) return withState(task, old);
      return { ...task, status: 'pending' };
    });
    this.changed();
    return undefined;
  }

  start(taskId: string): string | undefined {
    const task = this.find(taskId);
    if (!task) return this.unknownTask(taskId);
    if (task.status === 'in_progress') return `Task ${taskId} is already in progress.`;
    if (task.status === 'completed') return `Task ${taskId} is already completed. To run it again, first set it back to pending with UpdateTaskStatus.`;
    const waiting = task.dependencies.map((id) => this.find(id)!).filter((dep) => dep.status !== 'completed');
    if (waiting.length > 0) {
      const list = waiting.map((dep) => `task ${dep.id} (${dep.status.replace('_', ' ')})`).join(', ');
      return task.status === 'skipped'
        ? `Task ${taskId} was skipped because it depends on ${list}. Retry that first.`
        : `Task ${taskId} cannot start yet: it depends on ${list}.`;
    }
    this.update(task, 'in_progress');
    return undefined;
  }

  /** Unknown ids are ignored: the plan may have been replaced while a child worked on the task. */
  complete(taskId: string, result: string): void {
    const task = this.find(taskId);
    if (task) this.update(task, 'completed', { result });
  }

  /** Unknown ids are ignored, as for complete. */
  fail(taskId: string, error: string): void {
    const task = this.find(taskId);
    if (task) this.update(task, 'failed', { error });
  }

  reset(taskId: string): string | undefined {
    const task = this.find(taskId);
    if (!task) return this.unknownTask(taskId);
    this.update(task, 'pending');
    return undefined;
  }

  /** Fails every task in progress (their children were lost, e.g. to a window reload); returns their ids. */
  interruptRunning(reason: string): string[] {
    const running = this.list.filter((t) => t.status === 'in_progress');
    for (const task of running) setState(task, 'failed', { error: reason });
    if (running.length > 0) this.changed();
    return running.map((t) => t.id);
  }

  /** The first pending task, in plan order, whose dependencies are all completed. */
  nextReady(): PlanTaskState | undefined {
    const ready = this.list.find((t) => t.status === 'pending' && t.dependencies.every((id) => this.find(id)?.status === 'completed'));
    return ready && copyTask(ready);
  }

  /** No task is pending or in progress (also true when there is no plan). */
  isDone(): boolean {
    return this.list.every((t) => t.status === 'completed' || t.status === 'failed' || t.status === 'skipped');
  }

  task(taskId: string): PlanTaskState | undefined {
    const task = this.find(taskId);
    return task && copyTask(task);
  }

  tasks(): readonly PlanTaskState[] {
    return this.list.map(copyTask);
  }

  summary(): string {
    return planSummary(this.list);
  }

  footer(): string {
    return planFooter(this.list, this.nextReady());
  }

  snapshot(): PlanSnapshot {
    return { tasks: this.tasks() as PlanTaskState[] };
  }

  /** Called after every change with the new state; returns the unsubscribe function. */
  onChange(listener: PlanListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private find(taskId: string): PlanTaskState | undefined {
    return this.list.find((t) => t.id === taskId);
  }

  private unknownTask(taskId: string): string {
    return unknownTaskMessage(taskId, this.list);
  }

  private update(task: PlanTaskState, status: TaskStatus, outcome: Outcome = {}): void {
    setState(task, status, outcome);
    this.changed();
  }

  private changed(): void {
    this.settle();
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }

  /** In plan order, so every dependency is settled before its dependents. */
  private settle(): void {
    for (const task of this.list) {
      if (task.status !== 'pending' && task.status !== 'skipped') continue;
      const blocked = task.dependencies.some((id) => {
        const status = this.find(id)?.status;
        return status === 'failed' || status === 'skipped';
      });
      task.status = blocked ? 'skipped' : 'pending';
    }
  }
}

interface Outcome {
  result?: string;
  error?: string;
}

function setState(task: PlanTaskState, status: TaskStatus, outcome: Outcome): void {
  task.status = status;
  delete task.result;
  delete task.error;
  if (outcome.result !== undefined) task.result = outcome.result;
  if (outcome.error !== undefined) task.error = outcome.error;
}

function withState(task: PlanTaskInput, state: PlanTaskState): PlanTaskState {
  const out: PlanTaskState = { ...task, status: state.status };
  if (state.result !== undefined) out.result = state.result;
  if (state.error !== undefined) out.error = state.error;
  return out;
}

function copyTask(task: PlanTaskState): PlanTaskState {
  return withState({ id: task.id, description: task.description, dependencies: [...task.dependencies] }, task);
}

function normaliseInput(task: PlanTaskInput): PlanTaskInput {
  const dependencies = task.dependencies.map((d) => d.trim()).filter((d) => d !== '');
  return { id: task.id.trim(), description: task.description.trim(), dependencies: [...new Set(dependencies)] };
}
