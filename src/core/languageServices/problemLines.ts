import type { Problem } from '../ports/languageServices';

export const maxProblemLines = 20;

/** `src/a.ts:2:3 error ts 2322: Type 'string' is not assignable to type 'number'.` (spec §13), 1-based. */
export function problemLine(problem: Problem): string {
  const origin = [problem.source, problem.code].filter((part) => part !== undefined && part !== '').join(' ');
  const message = problem.message.replace(/\s*\r?\n\s*/g, ' ').trim();
  return `${problem.path}:${problem.line + 1}:${problem.character + 1} ${problem.severity}${origin ? ` ${origin}` : ''}: ${message}`;
}

/** At most `max` problem lines, then `…and N more`. */
export function problemLines(problems: readonly Problem[], max = maxProblemLines): string[] {
  const lines = problems.slice(0, max).map(problemLine);
  if (problems.length > max) lines.push(`…and ${problems.length - max} more`);
  return lines;
}

/** Files in path order, problems of a file by position: what reads best in a list. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.character - b.character));
}
