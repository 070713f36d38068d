import { z } from 'zod';
import renameDoc from '../../../prompts/tools/rename.md';
import type { LanguageServices } from '../ports/languageServices';
import type { UserText } from '../ports/translator';
import type { EditedFile } from '../tools/approval';
import { fileNotFound, readTextFile, type TextFile } from '../tools/fileAccess';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { protectedConfigReasonOf } from '../tools/protectedConfigFiles';
import { ToolFailure, success, throwIfCancelled } from '../tools/toolResults';
import type { ToolContext, ToolDefinition } from '../tools/toolTypes';
import { countOf } from '../plural';
import type { ProblemsAfterChange } from './problemsAfterChange';
import { anchorSymbol } from './symbolAnchor';
import { applyReplacements } from './textReplacements';
import { runWithNewProblems, withProblemLines } from './withNewProblems';

const schema = z.object({
  symbol: z.string().min(1).describe('The current name'),
  path: z.string().min(1).describe('A file where the symbol appears, relative to the workspace root'),
  line_content: z.string().optional().describe('The text of a line of that file containing the symbol (copied from Read or Grep)'),
  new_name: z.string().min(1).describe('The new name'),
});
export type RenameParams = z.infer<typeof schema>;

interface RenameData {
  symbol: string;
  newName: string;
  files: { path: string; replacements: number }[];
  newProblems?: string[];
}

interface PlannedFile extends EditedFile {
  file: TextFile;
  replacements: number;
}

async function plannedFiles(ctx: ToolContext, services: LanguageServices, params: RenameParams): Promise<PlannedFile[]> {
  const at = await anchorSymbol(ctx.fs, params.path, params.symbol, params.line_content);
  const outcome = await services.rename(at, params.new_name);
  if (outcome.kind === 'refused') throw new ToolFailure('rename_refused', `The language server cannot rename '${params.symbol}': ${outcome.reason}`);
  const planned: PlannedFile[] = [];
  for (const { path: input, edits } of outcome.files) {
    // The server's edit is untrusted input like any other path: only workspace files are changed.
    const path = await resolveWorkspacePath(ctx.fs, input).catch(() => {
      throw new ToolFailure('outside_workspace', `Renaming '${params.symbol}' would change '${input}', outside the workspace; nothing was changed.`);
    });
    const file = await readTextFile(ctx.fs, path);
    const after = applyReplacements(file.raw, edits, path);
    if (after !== file.raw) planned.push({ path, before: file.raw, after, file, replacements: edits.length });
  }
  if (planned.length === 0) throw new ToolFailure('rename_refused', `The language server found nothing to rename for '${params.symbol}' at ${at.path}:${at.line + 1}.`);
  return planned;
}

async function rename(ctx: ToolContext, services: LanguageServices, params: RenameParams) {
  const planned = await plannedFiles(ctx, services, params);
  const reasons = await Promise.all(planned.map(async (p) => protectedConfigReasonOf(p.path, await ctx.fs.realPath(p.path))));
  const reason = reasons.find((r) => r !== undefined);
  const { symbol, new_name: newName } = params;
  const count = planned.length;
  const title: UserText = (l10n) => (count === 1 ? l10n.t('Rename \'{0}\' to \'{1}\' in 1 file', symbol, newName) : l10n.t('Rename \'{0}\' to \'{1}\' in {2} files', symbol, newName, count));
  const decision = await ctx.approve({ kind: 'edits', tool: 'Rename', title, files: planned.map(({ path, before, after }) => ({ path, before, after })), ...(reason ? { reason } : {}) });
  if (decision.decision === 'rejected') {
    const feedback = decision.feedback?.trim();
    throw new ToolFailure('rejected', `The user rejected the rename; no file was modified.${feedback ? ` User feedback: ${feedback}` : ''}`, { feedback: feedback || undefined });
  }
  throwIfCancelled(ctx.signal);
  // All or nothing: a file changed while the user was deciding stops the whole rename before any write.
  for (const p of planned) {
    const now = await ctx.fs.stat(p.path);
    if (!now) throw await fileNotFound(ctx.fs, p.path);
    if (now.mtimeMs !== p.file.stat.mtimeMs) throw new ToolFailure('stale_read', `'${p.path}' changed on disk while the rename was waiting for approval; nothing was written. Try the rename again.`);
  }
  for (const p of planned) {
    const written = decision.finalContents?.[p.path] ?? p.after;
    await ctx.fs.writeFile(p.path, written);
    const landed = await ctx.fs.readFile(p.path).catch(() => written);
    const stat = await ctx.fs.stat(p.path);
    if (stat) ctx.readLedger.record(p.path, stat.mtimeMs);
    ctx.onFileChanged?.({ path: p.path, kind: 'modified', before: p.before, after: landed });
  }
  const data: RenameData = { symbol: params.symbol, newName: params.new_name, files: planned.map((p) => ({ path: p.path, replacements: p.replacements })) };
  const edited = planned.filter((p) => decision.finalContents?.[p.path] !== undefined).map((p) => p.path);
  const note = edited.length ? `\nThe user edited the proposal of ${edited.join(', ')} before accepting; Read those files before editing them again.` : '';
  const lines = [`Renamed '${params.symbol}' to '${params.new_name}' in ${countOf(planned.length, 'file', 'files')}:`, ...data.files.map((f) => `${f.path}: ${countOf(f.replacements, 'replacement', 'replacements')}`)];
  return success(data, lines.join('\n') + note);
}

/** Spec §13 `Rename`: the rename provider's edit of every file, approved once like an edit (§8). */
export function renameTool(services: LanguageServices, afterChange: ProblemsAfterChange): ToolDefinition<RenameParams> {
  return {
    name: 'Rename',
    kind: 'edit',
    schema,
    doc: renameDoc,
    paramNames: ['symbol', 'path', 'line_content', 'new_name'],
    run: (params, ctx) => runWithNewProblems(afterChange, [], ctx, (wrapped) => rename(wrapped, services, params)),
    compress(_params, result) {
      const data = dataOf<RenameData>(result);
      if (result.status !== 'success' || !data.files) return historyRecord(result, result.status === 'error' ? result.data : undefined);
      return withProblemLines(historyRecord(result, { renamed: `${data.symbol} → ${data.newName}`, files: data.files }), result);
    },
  };
}
