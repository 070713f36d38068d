/**
 * Output on its way to a viewer (a terminal) at most every `intervalMs`, and at most `maxChars` per write:
 * a flood reaches it as its latest part with a note of what was skipped, never as megabytes per frame.
 */
export class ThrottledFeed {
  private pending: string[] = [];
  private pendingChars = 0;
  private skipped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly intervalMs = 50,
    private readonly maxChars = 256 * 1024,
  ) {}

  push(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars > 2 * this.maxChars) this.trim();
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Writes what is pending now (also when the viewer closes or the process exits). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.trim();
    if (this.skipped > 0) this.write(`\n[… ${this.skipped} characters skipped]\n`);
    if (this.pendingChars > 0) this.write(this.pending.join(''));
    this.pending = [];
    this.pendingChars = 0;
    this.skipped = 0;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private trim(): void {
    if (this.pendingChars <= this.maxChars) return;
    const text = this.pending.join('');
    this.skipped += text.length - this.maxChars;
    this.pending = [text.slice(-this.maxChars)];
    this.pendingChars = this.maxChars;
  }
}
