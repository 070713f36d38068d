import type { Clock } from '../ports/clock';
import { outputTail } from './toolResultView';

/** Output kept for the tail: enough for the last lines, bounded however much a command prints. */
const KEPT_CHARS = 16_000;

/**
 * A running command's output for its card: at most one report per interval, and the last chunk of a burst
 * still reported once the interval is over, so the card never lags behind a command that went quiet.
 */
export class OutputProgress {
  private output = '';
  private lastReport = Number.NEGATIVE_INFINITY;
  private scheduled = false;
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly report: (tail: string) => void,
    private readonly intervalMs = 250,
  ) {}

  push(chunk: string): void {
    if (this.closed || chunk === '') return;
    this.output = (this.output + chunk).slice(-KEPT_CHARS);
    const wait = this.lastReport + this.intervalMs - this.clock.now();
    if (wait <= 0) return this.flush();
    if (this.scheduled) return;
    this.scheduled = true;
    void this.clock.sleep(wait).then(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** The command ended: its result replaces the live tail, so nothing more is reported. */
  close(): void {
    this.closed = true;
  }

  private flush(): void {
    if (this.closed) return;
    this.lastReport = this.clock.now();
    this.report(outputTail(this.output));
  }
}
