import type { Clock } from '../ports/clock';
import type { LanguageServices, Problem, WatchedFile } from '../ports/languageServices';
import { waitForSettledProblems, type SettleOptions } from './diagnosticsSettle';
import { newProblems } from './newProblems';
import { problemLines, sortProblems } from './problemLines';

export const newProblemsHeading = 'New problems after this edit:';

export interface ProblemsTiming {
  quietMs: number;
  firstReportMs: number;
  /** codeagent.tools.diagnosticsWaitMs, read at each edit. */
  maxMs(): number;
}

export const defaultTiming = (maxMs: () => number): ProblemsTiming => ({ quietMs: 300, firstReportMs: 1000, maxMs });

/** One change of files being watched: the problems before it, and every path whose problems changed since. */
export interface ProblemsWatch {
  /** The problems to compare with, taken once the files' own problems are known (call right before writing). */
  baseline(): Promise<void>;
  /** The problems the change newly brought, in the changed files and wherever else the servers report them. */
  report(changedPaths: readonly string[], signal: AbortSignal): Promise<Problem[]>;
  dispose(): void;
}

/**
 * Spec §13: after an accepted change the result ends with the problems it newly brought. Once approved,
 * the files are opened for their server (a server checks open files only), and a file that was not open
 * gets its existing problems computed before the change is written, so they are never taken for new ones.
 * A file no language server checks costs no waiting.
 */
export class ProblemsAfterChange {
  constructor(
    private readonly services: LanguageServices,
    private readonly clock: Clock,
    private readonly timing: ProblemsTiming,
    /** One line per change: how long it waited for the servers and how long its own work took (the figures). */
    private readonly log: (message: string) => void = () => {},
  ) {}

  watch(paths: readonly string[], outer: AbortSignal): ProblemsWatch {
    // A waiting baseline stops with the watch (a rejected change) as well as with the turn.
    const stop = new AbortController();
    const signal = AbortSignal.any([outer, stop.signal]);
    const touched = new Set<string>();
    const subscription = this.services.onDidChangeProblems((changed) => changed.forEach((path) => touched.add(path)));
    let before: Problem[] | undefined;
    /** Files that existed with no server known before the change: whatever a server says of them after is not new. */
    const unknownBefore = new Set<string>();
    return {
      // After the approval, before the write: a file its server had not checked yet is checked now, so its
      // existing problems are known and never taken for new ones.
      baseline: async () => {
        const start = this.clock.now();
        const files = await this.watchFiles(paths);
        files.forEach((file, i) => !file.hasLanguageServer && !file.missing && unknownBefore.add(paths[i]!));
        if (files.some((f) => f.newlyOpened && f.hasLanguageServer)) {
          const settled = await this.settle(signal);
          this.log(`problems before a change to ${paths.join(', ')}: newly opened, waited ${settled.waitedMs} ms (${settled.changes} changes; own work ${this.clock.now() - start - settled.waitedMs} ms)`);
        }
        before = this.services.problems();
        touched.clear();
      },
      report: async (changedPaths, reportSignal) => {
        const start = this.clock.now();
        const files = await this.watchFiles(changedPaths);
        const what = changedPaths.join(', ');
        if (before === undefined || !files.some((f) => f.hasLanguageServer)) {
          this.log(`problems after a change to ${what}: no language server, no wait (own work ${this.clock.now() - start} ms)`);
          return [];
        }
        const settled = await this.settle(reportSignal);
        // A server that answered only after the baseline (one still starting) would report a file's old problems.
        const scope = new Set([...changedPaths, ...touched].filter((path) => !unknownBefore.has(path)));
        const inScope = (problem: Problem) => scope.has(problem.path);
        const found = newProblems(before.filter(inScope), this.services.problems().filter(inScope));
        const changedFirst = (problem: Problem) => (changedPaths.includes(problem.path) ? 0 : 1);
        const ownMs = this.clock.now() - start - settled.waitedMs;
        this.log(`problems after a change to ${what}: waited ${settled.waitedMs} ms (${settled.settled ? 'settled' : 'limit reached'}, ${settled.changes} changes), ${found.length} new (own work ${ownMs} ms)`);
        return sortProblems(found).sort((a, b) => changedFirst(a) - changedFirst(b));
      },
      dispose: () => {
        stop.abort();
        subscription.dispose();
      },
    };
  }

  /** Makes the servers check a file the Problems tool asks about; one they had not checked is waited for. */
  async check(path: string, signal: AbortSignal): Promise<void> {
    const [file] = await this.watchFiles([path]);
    if (file?.newlyOpened && file.hasLanguageServer) await this.settle(signal);
  }

  private watchFiles(paths: readonly string[]): Promise<Array<WatchedFile & { missing?: true }>> {
    // A file being created does not exist yet: it had no problems.
    return Promise.all(paths.map((path) => this.services.watchFile(path).catch(() => ({ hasLanguageServer: false, newlyOpened: false, missing: true as const }))));
  }

  private settle(signal: AbortSignal) {
    const options: SettleOptions = { quietMs: this.timing.quietMs, firstReportMs: this.timing.firstReportMs, maxMs: this.timing.maxMs(), signal };
    return waitForSettledProblems(this.services, this.clock, options);
  }
}

/** The lines a tool result ends with, or '' when nothing new appeared. */
export function newProblemsText(problems: readonly Problem[]): string {
  return problems.length === 0 ? '' : `\n\n${newProblemsHeading}\n${problemLines(problems).join('\n')}`;
}
