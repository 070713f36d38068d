/**
 * One XML parameter value as it streams. Models write `<path>\nx\n</path>`, so a single leading and a single
 * trailing newline are not part of the value; a newline at the current end is held back until more content
 * shows it is interior. Pieces are kept in a list, never re-read, so a long value costs linear time.
 */
export class StreamedParamValue {
  private readonly pieces: string[] = [];
  private leadingDecided = false;
  /** A leading '\r' that may be the start of a '\r\n' to drop. */
  private leadingCarriageReturn = false;
  private heldNewline = '';

  /** Adds raw content and returns the part of the value that is now certain (possibly ''). */
  append(content: string): string {
    if (content === '') return '';
    if (!this.leadingDecided) {
      content = this.dropLeadingNewline(content);
      if (content === '') return '';
    }
    const text = this.heldNewline + content;
    const hold = text.endsWith('\r\n') ? 2 : text.endsWith('\n') || text.endsWith('\r') ? 1 : 0;
    this.heldNewline = text.slice(text.length - hold);
    const certain = text.slice(0, text.length - hold);
    if (certain !== '') this.pieces.push(certain);
    return certain;
  }

  /** The final value: everything returned by append, without the held trailing newline. */
  finish(): string {
    return this.pieces.join('');
  }

  private dropLeadingNewline(content: string): string {
    if (this.leadingCarriageReturn) {
      this.leadingCarriageReturn = false;
      content = '\r' + content;
    }
    if (content === '\r') {
      this.leadingCarriageReturn = true;
      return '';
    }
    this.leadingDecided = true;
    if (content.startsWith('\r\n')) return content.slice(2);
    if (content.startsWith('\n')) return content.slice(1);
    return content;
  }
}
