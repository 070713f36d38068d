import type { ApprovalRequest } from '../tools/approval';
import type { AnyToolDefinition, ToolContext, ToolResult } from '../tools/toolTypes';
import { problemLines } from './problemLines';
import { newProblemsHeading, newProblemsText, type ProblemsAfterChange, type ProblemsWatch } from './problemsAfterChange';

export interface WithNewProblemsData {
  /** The result's `New problems after this edit:` lines, which history keeps. */
  newProblems?: string[];
}

/** Paths an approval is about to change. */
function pathsOf(request: ApprovalRequest): string[] {
  if (request.kind === 'edit') return [request.path];
  return request.kind === 'edits' ? request.files.map((file) => file.path) : [];
}

/**
 * Runs a tool that changes files with the problems it newly brings appended to its result (spec §13):
 * the baseline is taken once the change is approved, right before it is written.
 */
export async function runWithNewProblems(afterChange: ProblemsAfterChange, watchedPaths: readonly string[], ctx: ToolContext, run: (ctx: ToolContext) => Promise<ToolResult>): Promise<ToolResult> {
  let watch: ProblemsWatch | undefined = watchedPaths.length ? afterChange.watch(watchedPaths, ctx.signal) : undefined;
  const changed: string[] = [];
  const wrapped: ToolContext = {
    ...ctx,
    approve: async (request) => {
      watch ??= afterChange.watch(pathsOf(request), ctx.signal);
      const decision = await ctx.approve(request);
      if (decision.decision === 'accepted') await watch.baseline();
      return decision;
    },
    onFileChanged: (change) => {
      changed.push(change.path);
      ctx.onFileChanged?.(change);
    },
  };
  try {
    const result = await run(wrapped);
    if (result.status !== 'success' || changed.length === 0 || !watch) return result;
    const found = await watch.report([...new Set(changed)], ctx.signal).catch(() => []);
    if (found.length === 0) return result;
    const data = typeof result.data === 'object' && result.data !== null ? result.data : {};
    return { ...result, data: { ...data, newProblems: problemLines(found) }, text: result.text + newProblemsText(found) };
  } finally {
    watch?.dispose();
  }
}

/** The same tool, its results ending with the problems it newly brought, its history record keeping them. */
export function withNewProblems(tool: AnyToolDefinition, afterChange: ProblemsAfterChange): AnyToolDefinition {
  return {
    ...tool,
    run: (params, ctx) => runWithNewProblems(afterChange, [], ctx, (wrapped) => tool.run(params, wrapped)),
    compress: (params, result) => withProblemLines(tool.compress(params, result), result),
  };
}

/** A history record (compact JSON) with the result's new-problem lines added to its data. */
export function withProblemLines(record: string, result: ToolResult): string {
  const lines = (result.data as WithNewProblemsData | null)?.newProblems;
  if (!lines?.length) return record;
  try {
    const parsed = JSON.parse(record) as { data?: unknown };
    const data = typeof parsed.data === 'object' && parsed.data !== null ? parsed.data : {};
    return JSON.stringify({ ...parsed, data: { ...data, newProblems: lines } });
  } catch {
    return `${record}\n${newProblemsHeading}\n${lines.join('\n')}`;
  }
}
