/** A piece of one top-level string field of a JSON object, decoded. */
export interface JsonFieldDelta {
  field: string;
  delta: string;
}

type State =
  | 'start'
  | 'beforeKey'
  | 'key'
  | 'afterKey'
  | 'beforeValue'
  | 'stringValue'
  | 'otherValue'
  | 'afterValue'
  | 'done'
  /** The text is not an object we can follow; the final JSON.parse will decide. */
  | 'gaveUp';

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Follows a JSON object arriving in pieces (native tool-call arguments) and reports the decoded text of its
 * top-level string fields as it arrives, so a tool card can show a file's content while it streams.
 * Best effort, linear, never decides validity: JSON.parse of the whole text stays the authority.
 */
export class JsonStringFieldStreamer {
  private state: State = 'start';
  private key = '';
  /** Inside a string (key or value): the escape being read, '' when none. */
  private escape = '';
  /** Inside a non-string value: nesting depth and whether we are inside one of its strings. */
  private depth = 0;
  private inNestedString = false;
  private nestedEscape = false;

  push(text: string): JsonFieldDelta[] {
    const deltas: JsonFieldDelta[] = [];
    let i = 0;
    while (i < text.length && this.state !== 'done' && this.state !== 'gaveUp') {
      if (this.state === 'key' || this.state === 'stringValue') {
        i = this.readString(text, i, deltas);
        continue;
      }
      const char = text.charAt(i);
      if (this.state === 'otherValue') {
        if (this.skipOtherValue(char)) i++;
        continue;
      }
      if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
        i++;
        continue;
      }
      if (this.state === 'beforeValue' && char !== '"') {
        this.state = 'otherValue';
        this.depth = 0;
        continue;
      }
      this.onStructural(char);
      i++;
    }
    return deltas;
  }

  private onStructural(char: string): void {
    switch (this.state) {
      case 'start':
        this.state = char === '{' ? 'beforeKey' : 'gaveUp';
        return;
      case 'beforeKey':
        if (char === '"') {
          this.state = 'key';
          this.key = '';
        } else this.state = char === '}' ? 'done' : 'gaveUp';
        return;
      case 'afterKey':
        this.state = char === ':' ? 'beforeValue' : 'gaveUp';
        return;
      case 'beforeValue':
        this.state = 'stringValue';
        return;
      case 'afterValue':
        this.state = char === ',' ? 'beforeKey' : char === '}' ? 'done' : 'gaveUp';
        return;
      default:
        return;
    }
  }

  /** Reads string characters from `i`; returns where it stopped (the end of the text or just past the closing quote). */
  private readString(text: string, i: number, deltas: JsonFieldDelta[]): number {
    let decoded = '';
    let runStart = i;
    while (i < text.length) {
      if (this.escape !== '') {
        decoded += this.continueEscape(text.charAt(i));
        i++;
        runStart = i;
        continue;
      }
      const char = text.charAt(i);
      if (char !== '"' && char !== '\\') {
        i++;
        continue;
      }
      decoded += text.slice(runStart, i);
      i++;
      runStart = i;
      if (char === '\\') {
        this.escape = '\\';
        continue;
      }
      this.finishString(decoded, deltas);
      return i;
    }
    decoded += text.slice(runStart, i);
    this.emitStringPiece(decoded, deltas);
    return i;
  }

  /** Returns the decoded text once the escape is complete ('' while it is still being read). */
  private continueEscape(char: string): string {
    if (this.escape === '\\') {
      if (char === 'u') {
        this.escape = '\\u';
        return '';
      }
      this.escape = '';
      return ESCAPES[char] ?? char;
    }
    this.escape += char;
    if (this.escape.length < 6) return '';
    const code = Number.parseInt(this.escape.slice(2), 16);
    this.escape = '';
    return Number.isNaN(code) ? '' : String.fromCharCode(code);
  }

  private finishString(decoded: string, deltas: JsonFieldDelta[]): void {
    this.emitStringPiece(decoded, deltas);
    this.state = this.state === 'key' ? 'afterKey' : 'afterValue';
  }

  private emitStringPiece(decoded: string, deltas: JsonFieldDelta[]): void {
    if (decoded === '') return;
    if (this.state === 'key') this.key += decoded;
    else deltas.push({ field: this.key, delta: decoded });
  }

  /** Tracks a number, literal, array or object value; returns false when `char` ends it and must be read again. */
  private skipOtherValue(char: string): boolean {
    if (this.inNestedString) {
      if (this.nestedEscape) this.nestedEscape = false;
      else if (char === '\\') this.nestedEscape = true;
      else if (char === '"') this.inNestedString = false;
      return true;
    }
    if (char === '"') this.inNestedString = true;
    else if (char === '{' || char === '[') this.depth++;
    else if (char === '}' || char === ']') {
      if (this.depth === 0) {
        this.state = 'afterValue';
        return false;
      }
      this.depth--;
    } else if (char === ',' && this.depth === 0) {
      this.state = 'afterValue';
      return false;
    }
    return true;
  }
}
