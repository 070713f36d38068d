/** The last lines of a stream (a server's stderr), for the panel and the log when it fails. */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly maxLines = 20, private readonly maxLineChars = 500) {}

  push(chunk: string): void {
    const pieces = (this.partial + chunk).split(/\r?\n/);
    this.partial = pieces.pop() ?? '';
    for (const line of pieces) this.add(line);
    if (this.partial.length > this.maxLineChars * 4) {
      this.add(this.partial);
      this.partial = '';
    }
  }

  get(): string[] {
    return this.partial.trim() === '' ? [...this.lines] : [...this.lines, this.partial].slice(-this.maxLines);
  }

  private add(line: string): void {
    if (line.trim() === '') return;
    this.lines.push(line.length > this.maxLineChars ? `${line.slice(0, this.maxLineChars)}…` : line);
    if (this.lines.length > this.maxLines) this.lines.shift();
  }
}
