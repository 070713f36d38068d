/**
 * Runs `paint` on an animation frame, at most once per `minIntervalMs`. While text streams in faster than
 * the panel can lay it out, every paint also pays for layout and pre-paint of the whole growing entry:
 * painting every frame (60/s) would spend most of the main thread on that overhead instead of on the text.
 */
export class PaintScheduler {
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastPaint = -Infinity;

  constructor(
    private readonly paint: () => void,
    private readonly minIntervalMs: number,
  ) {}

  request(): void {
    if (this.frame !== undefined || this.timer !== undefined) return;
    const wait = this.lastPaint + this.minIntervalMs - performance.now();
    if (wait <= 0) this.frame = requestAnimationFrame(() => this.run());
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.frame = requestAnimationFrame(() => this.run());
      }, wait);
  }

  /** The last paint left work undone: the next frame continues it, whatever the interval. */
  requestNextFrame(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.frame ??= requestAnimationFrame(() => this.run());
  }

  private run(): void {
    this.frame = undefined;
    this.lastPaint = performance.now();
    this.paint();
  }
}
