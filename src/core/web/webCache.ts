import type { Clock } from '../ports/clock';

/** Spec §22: a URL's result is reused for 15 minutes (within the window's life; nothing is written to disk). */
export const webCacheTtlMs = 15 * 60_000;
const maxEntries = 100;

export class WebCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  constructor(private readonly clock: Clock) {}

  get(url: string): T | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (this.clock.now() - entry.at >= webCacheTtlMs) {
      this.entries.delete(url);
      return undefined;
    }
    return entry.value;
  }

  set(url: string, value: T): void {
    this.entries.delete(url);
    this.entries.set(url, { at: this.clock.now(), value });
    // Oldest first: a Map keeps insertion order.
    while (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
