import type { HostMessage } from '../protocol/messages';

type Schedule = (callback: () => void, ms: number) => { cancel(): void };

const timerSchedule: Schedule = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Merges a burst of streamed deltas of one entry into one `entryAppended` per `intervalMs`: a model sends
 * thousands of tiny deltas per answer, and every webview message crosses the extension host, the renderer
 * and the webview's frame. Any other message first delivers the deltas waiting before it, so order holds.
 */
export class DeltaCoalescer {
  private pending: { id: string; delta: string } | undefined;
  private timer: { cancel(): void } | undefined;

  constructor(
    private readonly post: (message: HostMessage) => void,
    private readonly intervalMs = 16,
    private readonly schedule: Schedule = timerSchedule,
  ) {}

  send(message: HostMessage): void {
    if (message.type !== 'entryAppended') {
      this.flush();
      return this.post(message);
    }
    if (this.pending && this.pending.id !== message.id) this.flush();
    if (this.pending) this.pending.delta += message.delta;
    else this.pending = { id: message.id, delta: message.delta };
    this.timer ??= this.schedule(() => {
      this.timer = undefined;
      this.flush();
    }, this.intervalMs);
  }

  flush(): void {
    this.timer?.cancel();
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.post({ type: 'entryAppended', id: pending.id, delta: pending.delta });
  }

  /** The view went away: what is waiting is part of the snapshot the next view gets. */
  discard(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.pending = undefined;
  }
}
