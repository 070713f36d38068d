/**
 * Per-conversation memory of the mtime each file had when the model last saw it (seed 001 §C4):
 * feeds the read-before-write guard and the "modified externally" note. In memory only.
 */
export class ReadLedger {
  private readonly mtimes = new Map<string, number>();

  lastSeenMtime(path: string): number | undefined {
    return this.mtimes.get(path);
  }

  record(path: string, mtimeMs: number): void {
    this.mtimes.set(path, mtimeMs);
  }

  forget(path: string): void {
    this.mtimes.delete(path);
  }

  clear(): void {
    this.mtimes.clear();
  }
}
