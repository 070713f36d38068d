/**
 * What follows a parameter's closing tag while it is not yet known whether that tag closes the parameter:
 * `</path>`, whitespace, and any tags that are no parameter of the tool (`<reason>…</reason>`). If a parameter
 * or the tool's close follows, the parameter ended and those tags are ignored parameters; otherwise all of it
 * is content of the parameter. Pieces are joined once, when that is decided.
 */
export class HeldParamClose {
  private pieces: string[] = [];
  private names: string[] = [];
  /** The ignored-parameter tag being read, whose closing tag ends it; undefined between tags. */
  private openName: string | undefined;

  start(closeTag: string): void {
    this.clear();
    this.pieces.push(closeTag);
  }

  hold(text: string): void {
    if (text !== '') this.pieces.push(text);
  }

  openUnknown(name: string, tag: string): void {
    this.pieces.push(tag);
    this.names.push(name);
    this.openName = name;
  }

  /** Holds a tag met inside an unknown one; true when it is that tag's own close. */
  closesUnknown(name: string, closing: boolean, tag: string): boolean {
    this.pieces.push(tag);
    if (!closing || name !== this.openName) return false;
    this.openName = undefined;
    return true;
  }

  /** The close was taken: the names of the tags that were ignored parameters. */
  accept(): string[] {
    const names = this.names;
    this.clear();
    return names;
  }

  /** The close was refused: everything held, which is content of the parameter after all. */
  refuse(): string {
    const text = this.pieces.join('');
    this.clear();
    return text;
  }

  private clear(): void {
    this.pieces = [];
    this.names = [];
    this.openName = undefined;
  }
}
