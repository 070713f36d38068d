/**
 * Text for the chat input (Send File, Send Selection), kept until a loaded view can take it: a view being
 * revealed, hidden or reloaded never loses it, and nothing is delivered twice.
 */
export class InputPrefills {
  private readonly pending: string[] = [];
  private viewReady = false;

  constructor(private readonly deliver: (text: string) => void) {}

  add(text: string): void {
    this.pending.push(text);
    this.flush();
  }

  /** True once the view has its snapshot; false when it is hidden or detached (its content is gone). */
  setViewReady(ready: boolean): void {
    this.viewReady = ready;
    this.flush();
  }

  private flush(): void {
    if (!this.viewReady) return;
    for (const text of this.pending.splice(0)) this.deliver(text);
  }
}
