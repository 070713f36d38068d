/** A slice of a ring's output: `dropped` characters before `text` were pushed out of the ring unread. */
export interface RingSlice {
  text: string;
  dropped: number;
  /** Where the next read should start (the ring's end now). */
  next: number;
}

/**
 * A process's output kept within `capacity` characters: the oldest is dropped first, so a flood keeps memory
 * flat and the tail intact. Positions count every character ever written, so readers keep their own cursor.
 */
export class OutputRing {
  private chunks: string[] = [];
  private kept = 0;
  private written = 0;

  constructor(private readonly capacity: number) {}

  get end(): number {
    return this.written;
  }

  get start(): number {
    return this.written - this.kept;
  }

  append(text: string): void {
    if (text === '') return;
    const piece = text.length > this.capacity ? text.slice(text.length - this.capacity) : text;
    this.written += text.length;
    // Small pieces (a ticker's lines) join the last chunk, so the list stays short.
    const last = this.chunks.length - 1;
    if (last >= 0 && this.chunks[last]!.length < 8192) this.chunks[last] += piece;
    else this.chunks.push(piece);
    this.kept += piece.length;
    while (this.kept > this.capacity) {
      const first = this.chunks[0]!;
      const excess = this.kept - this.capacity;
      if (first.length <= excess) {
        this.chunks.shift();
        this.kept -= first.length;
      } else {
        this.chunks[0] = first.slice(excess);
        this.kept -= excess;
      }
    }
  }

  /** Everything kept from `position` on (what was dropped before it is counted, not returned). */
  readFrom(position: number): RingSlice {
    const from = Math.max(position, this.start);
    const dropped = from - Math.min(position, from);
    let skip = from - this.start;
    const parts: string[] = [];
    for (const chunk of this.chunks) {
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      parts.push(skip > 0 ? chunk.slice(skip) : chunk);
      skip = 0;
    }
    return { text: parts.join(''), dropped, next: this.written };
  }
}
