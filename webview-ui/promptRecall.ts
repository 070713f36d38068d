/**
 * Up and Down in an empty input walk through the messages sent in this conversation, as a shell's history
 * does: Up on the first line shows the previous one, Down on the last line the next, then the empty input
 * again. A draft the user typed is never replaced: recall starts only from an empty input, and goes on
 * only while the recalled text is unchanged.
 */
export class PromptRecall {
  private sent: string[] = [];
  /** Which sent message the input shows, while it shows one unchanged; sent.length = none. */
  private position = 0;

  constructor(private readonly input: HTMLTextAreaElement, private readonly show: (text: string) => void) {}

  /** The conversation's user messages, oldest first (a snapshot). */
  reset(sent: string[]): void {
    this.sent = sent.filter((text) => text.trim() !== '');
    this.position = this.sent.length;
  }

  /** A message just sent. */
  add(text: string): void {
    if (text.trim() !== '' && this.sent.at(-1) !== text) this.sent.push(text);
    this.position = this.sent.length;
  }

  /** True when it used the key. */
  handleKey(event: KeyboardEvent): boolean {
    if ((event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return false;
    const { value, selectionStart, selectionEnd } = this.input;
    const recalled = this.position < this.sent.length && value === this.sent[this.position];
    if (!recalled) {
      this.position = this.sent.length;
      if (value !== '' || event.key === 'ArrowDown') return false;
    }
    if (selectionStart !== selectionEnd) return false;
    if (event.key === 'ArrowUp') {
      if (value.lastIndexOf('\n', selectionStart - 1) !== -1 || this.position === 0) return false;
      this.position--;
    } else {
      if (value.indexOf('\n', selectionEnd) !== -1) return false;
      this.position++;
    }
    const text = this.sent[this.position] ?? '';
    this.show(text);
    // Up lands at the start, so the next Up goes on; Down lands at the end, so the next Down does.
    const caret = event.key === 'ArrowUp' ? 0 : text.length;
    this.input.setSelectionRange(caret, caret);
    return true;
  }
}
