import type { LoadProblem } from '../core/catalog/reloadingCatalog';
import { english } from '../core/ports/translator';
import { l10n } from './hostL10n';

/** Agent, skill and command files' problems in the user's words (spec §20), for a frame like `Agent files: {0}`. */
export function problemsText(problems: readonly LoadProblem[]): string {
  return problems.map((problem) => `${problem.file}: ${problem.reason(l10n)}`).join('; ');
}

/** The output channel's lines: English, for bug reports. */
export function problemLogLines(kind: string, problems: readonly LoadProblem[]): string[] {
  return problems.map((problem) => `${kind} ${problem.file}: ${problem.reason(english)}`);
}
