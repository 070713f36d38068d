import type { Clock } from '../core/ports/clock';

const promptChars = 200;

/**
 * Spec §14: a foreground command that seems to wait for input — no output for `waitMs` and the last line
 * without a newline (`Continue? [y/N] `) — is reported instead of hanging until its timeout. Silence after a
 * complete line, or before any output, is a command at work, not a prompt.
 */
export class InputPromptWatch {
  private tail = '';
  private silence: AbortController | undefined;
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

  saw(text: string): void {
    this.tail = (this.tail + text).slice(-promptChars);
    this.silence?.abort();
    if (this.waiting !== undefined) return;
    const silence = new AbortController();
    this.silence = silence;
    this.clock.sleep(this.waitMs, silence.signal).then(
      () => {
        if (!silence.signal.aborted) this.check();
      },
      () => {},
    );
  }

  dispose(): void {
    this.silence?.abort();
  }

  private check(): void {
    if (this.tail === '' || /[\r\n]$/.test(this.tail)) return;
    this.waiting = this.tail.slice(this.tail.lastIndexOf('\n') + 1);
    this.listener();
  }
}
