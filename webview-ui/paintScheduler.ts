/** The Prioritized Task Scheduling API (Chromium), which TypeScript's DOM types do not have yet. */
interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-blocking' | 'user-visible' | 'background' }): Promise<unknown>;
}

/**
 * When the transcript repaints streamed text. A paint runs on an animation frame, at most once per
 * `minIntervalMs`: while text streams in faster than the panel can lay it out, every paint also pays for
 * layout of the growing entry, and painting every frame would spend the main thread on that instead of on
 * the text. A paint that ran out of its time budget continues as the next task (not the next frame, which a
 * busy machine may deliver late), so a burst is rendered as fast as slices of the budget allow while input
 * and frames still get their turn between slices. The continuation is a background task where the browser has
 * `scheduler.postTask`: the panel's main thread is the workbench's too (code-server runs the webview's frame in
 * its renderer), and the rest of the answer, relayed from the extension host, must not wait behind the slices
 * rendering its start (the end of a burst shows as plain text meanwhile: StreamingMarkdown).
 */
export class PaintScheduler {
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private continuation = false;
  private lastPaint = -Infinity;
  private readonly channel = new MessageChannel();

  /** `paint(continued)`: `continued` when it carries on a paint that ran out of time. */
  constructor(
    private readonly paint: (continued: boolean) => void,
    private readonly minIntervalMs: number,
  ) {
    this.channel.port1.onmessage = () => this.continueNow();
  }

  request(): void {
    if (this.frame !== undefined || this.timer !== undefined || this.continuation) return;
    const wait = this.lastPaint + this.minIntervalMs - performance.now();
    if (wait <= 0) this.frame = requestAnimationFrame(() => this.run());
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.frame = requestAnimationFrame(() => this.run());
      }, wait);
  }

  /** The last paint left work undone: carry on as the next task, whatever the interval. */
  continueSoon(): void {
    if (this.continuation) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.continuation = true;
    const tasks = (globalThis as { scheduler?: TaskScheduler }).scheduler;
    if (tasks) void tasks.postTask(() => this.continueNow(), { priority: 'background' });
    else this.channel.port2.postMessage(null);
  }

  private continueNow(): void {
    this.continuation = false;
    this.paint(true);
  }

  private run(): void {
    this.frame = undefined;
    this.lastPaint = performance.now();
    this.paint(false);
  }
}
