/**
 * The heights of the transcript's groups: measured ones (kept until the width or the theme changes) and, for the
 * others, an estimate from their data. Between two groups the log's flex `gap`.
 */
export class GroupHeights {
  private readonly measured = new Map<string, number>();
  private readonly estimates = new Map<string, number>();
  width = 0;

  constructor(private readonly gap: number, private readonly estimate: (key: string, width: number) => number) {}

  of(key: string, width: number): number {
    const known = this.measured.get(key);
    if (known !== undefined) return known;
    let guess = this.estimates.get(key);
    if (guess === undefined) this.estimates.set(key, (guess = this.estimate(key, width)));
    return guess;
  }

  set(key: string, height: number): void {
    this.measured.set(key, height);
  }

  /** Whether the width changed (the estimates, made for the old one, are dropped). */
  setWidth(width: number): boolean {
    if (Math.abs(width - this.width) < 1) return false;
    const first = this.width === 0;
    this.width = width;
    this.estimates.clear();
    return !first;
  }

  /** Keeps only the measures of `keep` (the groups in the DOM, which measure themselves again). */
  forgetAllBut(keep: Iterable<string>): void {
    const kept = new Map<string, number>();
    for (const key of keep) {
      const height = this.measured.get(key);
      if (height !== undefined) kept.set(key, height);
    }
    this.measured.clear();
    for (const [key, height] of kept) this.measured.set(key, height);
    this.estimates.clear();
  }

  clear(): void {
    this.measured.clear();
    this.estimates.clear();
  }

  /** The space groups [from, to) take, each with the gap beside it. */
  sum(keys: readonly string[], from: number, to: number, width: number): number {
    let total = 0;
    for (let i = from; i < to; i++) total += this.of(keys[i]!, width) + this.gap;
    return total;
  }

  /** The groups [start, end) that overlap [top, bottom), in pixels from the first group's top; at least one. */
  range(keys: readonly string[], width: number, top: number, bottom: number): [number, number] {
    let y = 0;
    let start = -1;
    let end = keys.length;
    for (let i = 0; i < keys.length; i++) {
      const next = y + this.of(keys[i]!, width) + this.gap;
      if (start < 0 && next > top) start = i;
      if (y >= bottom) {
        end = i;
        break;
      }
      y = next;
    }
    if (start < 0) start = keys.length - 1;
    return [start, Math.max(end, start + 1)];
  }
}

/** A first guess at a group's height from its text: lines at about 7 px a character, 19 px a line. */
export function estimateHeight(texts: readonly string[], width: number): number {
  const perLine = Math.max(20, Math.floor((width - 24) / 7));
  let lines = 0;
  for (const text of texts) {
    let from = 0;
    while (from <= text.length) {
      const newline = text.indexOf('\n', from);
      const to = newline < 0 ? text.length : newline;
      lines += Math.max(1, Math.ceil((to - from) / perLine));
      if (newline < 0) break;
      from = newline + 1;
    }
  }
  return 30 + lines * 19;
}
