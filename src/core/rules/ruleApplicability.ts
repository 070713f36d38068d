import { includeMatcher } from '../tools/globPattern';
import type { RuleSettings } from './ruleSettings';

export type RuleDecision =
  | { include: 'always' | 'glob' }
  | { include: 'description'; description: string }
  | { include: 'never'; problem?: string };

/**
 * Whether a `.codeagent/rules` file goes into the context now: `alwaysApply: true`, or a glob matching a
 * path the conversation touched, includes it whole; otherwise a description lists it by one line. A file
 * that configures nothing at all is a plain always-on rule, as in Cline's and Roo's rule folders.
 */
export function decideRule(settings: RuleSettings, touchedPaths: readonly string[]): RuleDecision {
  if (settings.alwaysApply === true || settings.unconfigured) return { include: 'always' };
  if (settings.globs.length > 0) {
    // A folder glob (`src/`) means everything under it.
    const matchers = settings.globs.map((g) => includeMatcher(normalizePath(g).replace(/\/$/, '/**')));
    const touched = touchedPaths.map(normalizePath);
    if (touched.some((path) => matchers.some((matches) => matches(path)))) return { include: 'glob' };
  }
  if (settings.description) return { include: 'description', description: settings.description };
  if (settings.globs.length > 0) return { include: 'never' };
  return { include: 'never', problem: 'never applies: set alwaysApply: true, globs, or a description' };
}

/** Rule globs and touched paths are both workspace-relative; `./src/a.ts`, `/src/a.ts` and `src\a.ts` mean `src/a.ts`. */
function normalizePath(path: string): string {
  return path.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}
