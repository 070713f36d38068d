import type { Clock } from '../core/ports/clock';

const promptChars = 200;

/**
 * Spec §14: a foreground command that seems to wait for input — no output for `waitMs` and the last line
 * without a newline (`Continue? [y/N] `) — is reported instead of hanging until its timeout. Silence after a
 * complete line, or before any output, is a command at work, not a prompt.
 */
export class InputPromptWatch {
  private tail = '';
  private lastOutputAt = 0;
  private watching = false;
  private readonly stopped = new AbortController();
  private listener: () => void = () => {};
  /** The prompt line once the command was judged to wait for input. */
  waiting: string | undefined;

  constructor(
    private readonly waitMs: number,
    private readonly clock: Clock,
  ) {}

  onWaiting(listener: () => void): void {
    this.listener = listener;
  }

  /** Output only moves the silence's start: a busy command costs no timer per chunk. */
  saw(text: string): void {
    this.tail = (this.tail + text).slice(-promptChars);
    this.lastOutputAt = this.clock.now();
    if (this.waiting === undefined && !this.watching) void this.watch();
  }

  dispose(): void {
    this.stopped.abort();
  }

  /** Sleeps until `waitMs` have passed since the last output, however often output came meanwhile. */
  private async watch(): Promise<void> {
    this.watching = true;
    try {
      for (let silent = 0; silent < this.waitMs; silent = this.clock.now() - this.lastOutputAt) {
        await this.clock.sleep(this.waitMs - silent, this.stopped.signal);
      }
    } catch {
      return; // disposed
    } finally {
      this.watching = false;
    }
    this.check();
  }

  private check(): void {
    if (this.tail === '' || /[\r\n]$/.test(this.tail)) return;
    this.waiting = this.tail.slice(this.tail.lastIndexOf('\n') + 1);
    this.listener();
  }
}
