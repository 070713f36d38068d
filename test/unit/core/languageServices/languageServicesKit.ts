import type { Clock } from '../../../../src/core/ports/clock';
import type { Disposable, LanguageServices, Problem, RenameOutcome, SourceLocation, SourcePosition, SymbolEntry, WatchedFile } from '../../../../src/core/ports/languageServices';

/**
 * Virtual time: sleep() moves the clock forward at once, running what was scheduled up to then in order,
 * so a wait of seconds takes none and its length is exact.
 */
export class VirtualClock implements Clock {
  private time = 0;
  private readonly scheduled: { at: number; run: () => void }[] = [];

  now(): number {
    return this.time;
  }

  /** Runs `run` when the virtual time reaches `now() + delayMs`. */
  after(delayMs: number, run: () => void): void {
    this.scheduled.push({ at: this.time + delayMs, run });
    this.scheduled.sort((a, b) => a.at - b.at);
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const until = this.time + ms;
    while (this.scheduled.length && this.scheduled[0]!.at <= until) {
      const next = this.scheduled.shift()!;
      this.time = next.at;
      next.run();
      if (signal?.aborted) throw new Error('aborted');
    }
    this.time = until;
    await Promise.resolve();
  }
}

/** A language-services port over a problems table the test changes, as a language server would. */
export class FakeLanguageServices implements LanguageServices {
  private table = new Map<string, Problem[]>();
  private readonly listeners = new Set<(paths: readonly string[]) => void>();
  /** Languages (by file extension) a server checks. */
  servedExtensions = new Set(['ts']);
  opened = new Set<string>();
  watched: string[] = [];
  locations: { definitions: SourceLocation[]; references: SourceLocation[]; implementations: SourceLocation[] } = { definitions: [], references: [], implementations: [] };
  asked: SourcePosition[] = [];
  symbols: SymbolEntry[] = [];
  renameOutcome: RenameOutcome = { kind: 'refused', reason: 'You cannot rename this element.' };
  /** Called when a file is watched (opened for its server). */
  onWatch: (path: string) => void = () => {};

  setProblems(path: string, problems: Omit<Problem, 'path'>[]): void {
    this.table.set(path, problems.map((p) => ({ ...p, path })));
    for (const listener of this.listeners) listener([path]);
  }

  problems(): Problem[] {
    return [...this.table.values()].flat();
  }

  onDidChangeProblems(listener: (paths: readonly string[]) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  async watchFile(path: string): Promise<WatchedFile> {
    this.watched.push(path);
    const newlyOpened = !this.opened.has(path);
    this.opened.add(path);
    this.onWatch(path);
    return { hasLanguageServer: this.servedExtensions.has(path.split('.').pop() ?? ''), newlyOpened };
  }

  async definitions(at: SourcePosition): Promise<SourceLocation[]> {
    this.asked.push(at);
    return this.locations.definitions;
  }

  async references(): Promise<SourceLocation[]> {
    return this.locations.references;
  }

  async implementations(): Promise<SourceLocation[]> {
    return this.locations.implementations;
  }

  async workspaceSymbols(query: string): Promise<SymbolEntry[]> {
    return this.symbols.filter((s) => s.name.toLowerCase().includes(query.toLowerCase()));
  }

  async rename(at: SourcePosition): Promise<RenameOutcome> {
    this.asked.push(at);
    return this.renameOutcome;
  }
}

export const tsError = (line: number, message: string, code = '2322'): Omit<Problem, 'path'> => ({ line, character: 2, severity: 'error', source: 'ts', code, message });
