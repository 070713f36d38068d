import type { PlanTaskState, TaskStatus } from './planTask';

const marks: Record<TaskStatus, string> = { completed: '[X]', in_progress: '[>]', pending: '[ ]', failed: '[!]', skipped: '[-]' };

/** Longer results are cut here: the summary is repeated after every plan tool result. */
export const summaryResultChars = 200;

/** The text on one line (whitespace runs collapsed), at most `max` characters with an ellipsis. */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** One line per task, in plan order: `[X] Task 1: … (Result: …)`, `[>]`, `[ ]`, `[!] … (Error: …)`, `[-]`. */
export function planSummary(tasks: readonly PlanTaskState[]): string {
  if (tasks.length === 0) return 'No plan yet.';
  return tasks.map(taskLine).join('\n');
}

function taskLine(task: PlanTaskState): string {
  const head = `${marks[task.status]} Task ${task.id}: ${oneLine(task.description)}`;
  const result = oneLine(task.result ?? '', summaryResultChars);
  const error = oneLine(task.error ?? '', summaryResultChars);
  if (task.status === 'completed' && result !== '') return `${head} (Result: ${result})`;
  if (task.status === 'failed' && error !== '') return `${head} (Error: ${error})`;
  return head;
}

/** The summary, then the next ready task or why there is none. */
export function planFooter(tasks: readonly PlanTaskState[], next: PlanTaskState | undefined): string {
  return `${planSummary(tasks)}\n${nextStep(tasks, next)}`;
}

function nextStep(tasks: readonly PlanTaskState[], next: PlanTaskState | undefined): string {
  if (next) return `Current Task: ${oneLine(next.description)} (ID: ${next.id})`;
  if (tasks.length === 0) return 'Make a plan with PlanTask.';
  const ids = (status: TaskStatus) => tasks.filter((t) => t.status === status).map((t) => t.id);
  const running = ids('in_progress');
  const pending = ids('pending').length;
  if (running.length > 0) {
    const waitingFor = running.length === 1 ? `the task in progress (ID: ${running[0]})` : `the tasks in progress (IDs: ${running.join(', ')})`;
    return `No task is ready yet: waiting for ${waitingFor}${pending > 0 ? `; ${pending} pending` : ''}.`;
  }
  if (pending > 0) return `No task is ready: ${pending} pending, waiting for unfinished dependencies.`;
  const failed = ids('failed').length;
  const skipped = ids('skipped').length;
  const counts = [`${ids('completed').length} completed`, failed > 0 ? `${failed} failed` : '', skipped > 0 ? `${skipped} skipped` : ''];
  const finished = `All tasks are finished (${counts.filter((c) => c !== '').join(', ')}).`;
  return failed > 0
    ? `${finished} Retry a failed task by setting it back to pending with UpdateTaskStatus, or report with AttemptCompletion.`
    : `${finished} Check the results and report with AttemptCompletion.`;
}
