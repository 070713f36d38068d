/**
 * Collects a stream of text up to a cap, keeping the beginning and the end (where commands print
 * what went wrong) and dropping the middle, so a chatty command can't flood memory or the context.
 */
export class HeadTailBuffer {
  private head = '';
  private tail = '';
  private omitted = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(maxChars: number) {
    this.headMax = Math.floor(maxChars / 2);
    this.tailMax = maxChars - this.headMax;
  }

  append(chunk: string): void {
    if (this.head.length < this.headMax) {
      const room = this.headMax - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === '') return;
    this.tail += chunk;
    if (this.tail.length > this.tailMax) {
      const excess = this.tail.length - this.tailMax;
      this.omitted += excess;
      this.tail = this.tail.slice(excess);
    }
  }

  get truncated(): boolean {
    return this.omitted > 0;
  }

  toString(): string {
    if (this.omitted === 0) return this.head + this.tail;
    return `${this.head}\n… [${this.omitted} characters of output omitted] …\n${this.tail}`;
  }
}
