import type { PlanTaskInput } from './planTask';

export type TaskOrdering<T> = { ok: true; tasks: T[] } | { ok: false; error: string };

/**
 * Validates a plan's dependency graph and orders it topologically. The order is stable: among the
 * tasks whose dependencies are placed, the one the model listed first comes first.
 */
export function orderTasks<T extends PlanTaskInput>(tasks: readonly T[]): TaskOrdering<T> {
  const problems = graphProblems(tasks);
  if (problems.length > 0) return { ok: false, error: `Invalid plan:\n${problems.map((p) => `- ${p}`).join('\n')}` };

  const placed = new Set<string>();
  const ordered: T[] = [];
  let remaining = [...tasks];
  while (remaining.length > 0) {
    const next = remaining.find((t) => t.dependencies.every((d) => placed.has(d)));
    if (!next) return { ok: false, error: `Invalid plan:\n- Dependency cycle: ${findCycle(remaining).join(' → ')} (each task depends on the next).` };
    placed.add(next.id);
    ordered.push(next);
    remaining = remaining.filter((t) => t !== next);
  }
  return { ok: true, tasks: ordered };
}

function graphProblems(tasks: readonly PlanTaskInput[]): string[] {
  const problems: string[] = [];
  if (tasks.length === 0) problems.push('A plan needs at least one task.');
  const ids = new Set<string>();
  const reported = new Set<string>();
  tasks.forEach((task, index) => {
    if (task.id.trim() === '') problems.push(`Task number ${index + 1} has an empty id.`);
    if (task.description.trim() === '') problems.push(`Task ${task.id} has an empty description.`);
    if (ids.has(task.id) && !reported.has(task.id)) {
      problems.push(`Duplicate task id '${task.id}': every task needs its own id.`);
      reported.add(task.id);
    }
    ids.add(task.id);
  });
  for (const task of tasks) {
    for (const dep of task.dependencies) {
      if (dep === task.id) problems.push(`Task ${task.id} depends on itself.`);
      else if (!ids.has(dep)) problems.push(`Task ${task.id} depends on unknown task '${dep}'.`);
    }
  }
  return problems;
}

/** Every task left when ordering stalls is on or behind a cycle: follow dependencies until one repeats. */
function findCycle(stalled: readonly PlanTaskInput[]): string[] {
  const byId = new Map(stalled.map((t) => [t.id, t]));
  const path: string[] = [];
  let current = stalled[0];
  while (current && !path.includes(current.id)) {
    path.push(current.id);
    const depId: string | undefined = current.dependencies.find((d) => byId.has(d));
    current = depId === undefined ? undefined : byId.get(depId);
  }
  if (!current) return path;
  const cycle = path.slice(path.indexOf(current.id));
  // Start at the task listed first, so the message reads in the model's own order.
  const position = (id: string) => stalled.findIndex((t) => t.id === id);
  const first = cycle.reduce((best, id, i) => (position(id) < position(cycle[best]!) ? i : best), 0);
  const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
  return [...rotated, rotated[0]!];
}
