import { z } from 'zod';
import problemsDoc from '../../../prompts/tools/problems.md';
import type { LanguageServices } from '../ports/languageServices';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { ToolFailure, success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import { countOf } from '../plural';
import { problemLines, sortProblems } from './problemLines';
import type { ProblemsAfterChange } from './problemsAfterChange';

const maxLines = 100;

const isUnder = (file: string, path: string) => path === '.' || file === path || file.startsWith(`${path}/`);
const historyLines = 20;

const schema = z.object({
  path: z.string().optional().describe('File or folder, relative to the workspace root (default: the whole workspace)'),
  severity: z.enum(['error', 'warning']).optional().describe('Only errors or only warnings (default: both)'),
});
export type ProblemsParams = z.infer<typeof schema>;

interface ProblemsData {
  path: string;
  errors: number;
  warnings: number;
  lines: string[];
}

/** Spec §13 `Problems`: what the editor's Problems panel shows, one line a problem. */
export function problemsTool(services: LanguageServices, afterChange: ProblemsAfterChange): ToolDefinition<ProblemsParams> {
  return {
    name: 'Problems',
    kind: 'read',
    schema,
    doc: problemsDoc,
    paramNames: ['path', 'severity'],
    async run(params, ctx) {
      const path = await resolveWorkspacePath(ctx.fs, params.path ?? '.');
      const stat = await ctx.fs.stat(path);
      if (!stat) throw new ToolFailure('file_not_found', `'${path}' does not exist.`);
      // A server such as TypeScript's checks only the files open in the editor: a file asked about is opened first.
      if (stat.type === 'file') await afterChange.check(path, ctx.signal);
      const found = sortProblems(services.problems().filter((p) => isUnder(p.path, path)).filter((p) => params.severity === undefined || p.severity === params.severity));
      const lines = problemLines(found, maxLines);
      const errors = found.filter((p) => p.severity === 'error').length;
      const data: ProblemsData = { path, errors, warnings: found.length - errors, lines };
      if (found.length === 0) return success(data, 'No problems.');
      return success(data, `${countOf(errors, 'error', 'errors')}, ${countOf(data.warnings, 'warning', 'warnings')}${path === '.' ? '' : ` in ${path}`}:\n${lines.join('\n')}`);
    },
    compress(_params, result) {
      const data = dataOf<ProblemsData>(result);
      if (result.status !== 'success' || !data.lines) return historyRecord(result, undefined);
      const lines = data.lines.length > historyLines ? [...data.lines.slice(0, historyLines), `…and ${data.lines.length - historyLines} more lines`] : data.lines;
      return historyRecord(result, { path: data.path, errors: data.errors, warnings: data.warnings, problems: lines });
    },
  };
}
