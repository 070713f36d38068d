import type { Problem } from '../ports/languageServices';

/** What identifies a problem across an edit: not its position, which moves when lines are added above it. */
function identity(problem: Problem): string {
  return JSON.stringify([problem.path, problem.severity, problem.source ?? '', problem.code ?? '', problem.message]);
}

/**
 * The problems of `after` that were not in `before` (spec §13): compared by file, severity, code and
 * message, tolerant of shifted lines; the same problem twice where there was one before counts once new.
 * A problem that went away is not reported.
 */
export function newProblems(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const remaining = new Map<string, number>();
  for (const problem of before) remaining.set(identity(problem), (remaining.get(identity(problem)) ?? 0) + 1);
  return after.filter((problem) => {
    const key = identity(problem);
    const left = remaining.get(key) ?? 0;
    if (left === 0) return true;
    remaining.set(key, left - 1);
    return false;
  });
}
