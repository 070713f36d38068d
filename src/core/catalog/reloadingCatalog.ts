import { errorMessage } from '../errorMessage';
import { english, type UserText } from '../ports/translator';

/**
 * A file the catalog could not load, or loaded with a caveat, and why: in the user's words where the host shows it
 * (spec §20), `reason(english)` in the log.
 */
export interface LoadProblem {
  file: string;
  reason: UserText;
}

/** A file's problem that kept it out of the catalog. */
export function notLoaded(reason: UserText): UserText {
  return (l10n) => l10n.t('{0}; not loaded', reason(l10n));
}

export interface ReloadingCatalogOptions<P extends LoadProblem> {
  /** The folders (their paths), named in the problem reported when the whole load fails. */
  folders: string;
  onProblems?: (problems: P[]) => void;
  /**
   * Report a load's problems only when they differ from the last ones reported (for a catalog reloaded every turn);
   * otherwise every load with problems reports them again (a file that is still broken was edited).
   */
  reportOnlyChanges?: boolean;
}

/**
 * What a host loads from the workspace's files and reloads when they change (named agents, slash commands, skills):
 * the latest load, a wait for one in flight, problems reported, a failed load keeping what was there.
 */
export class ReloadingCatalog<L extends { problems: P[] }, P extends LoadProblem = L['problems'][number]> {
  protected loaded: L;
  private loading: Promise<L> | undefined;
  private reported = '';
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<L>, empty: L, private readonly options: ReloadingCatalogOptions<P>) {
    this.loaded = empty;
  }

  reload(): Promise<L> {
    const loading = this.load().then(
      (loaded) => {
        this.loaded = loaded;
        this.report(loaded.problems);
        return loaded;
      },
      (error: unknown) => {
        const message = errorMessage(error);
        const problem: LoadProblem = { file: this.options.folders, reason: () => message };
        this.options.onProblems?.([problem as P]);
        return this.loaded;
      },
    ).finally(() => {
      for (const listener of this.listeners) listener();
    });
    this.loading = loading;
    return loading;
  }

  /** The latest load, waiting for one in flight (the first message after activation must know what is there). */
  async ready(): Promise<L> {
    return (await this.loading) ?? this.loaded;
  }

  get problems(): readonly P[] {
    return this.loaded.problems;
  }

  /** Called after every (re)load; returns the unsubscribe. */
  onDidLoad(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private report(problems: P[]): void {
    if (this.options.reportOnlyChanges) {
      const key = JSON.stringify(problems.map((problem) => [problem.file, problem.reason(english)]));
      if (key === this.reported) return;
      this.reported = key;
    }
    if (problems.length) this.options.onProblems?.(problems);
  }
}
