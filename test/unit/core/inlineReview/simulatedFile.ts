import { FileHunks } from '../../../../src/core/inlineReview/fileHunks';
import { spliceOf, type TextChange } from '../../../../src/core/inlineReview/lineSplice';

/** A seeded PRNG (mulberry32): a failing sequence can be replayed from its seed. */
export function prng(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** A file as an editor holds it, with its tracker fed the way the VS Code side feeds it. */
export class SimulatedFile {
  lines: string[];
  private nextId = 1;
  readonly hunks: FileHunks;

  constructor(lines: string[]) {
    this.lines = [...lines];
    this.hunks = new FileHunks([], () => `h${this.nextId++}`);
  }

  get text(): string {
    return this.lines.join('\n');
  }

  /** The agent replaces lines [start, start + count) with `replacement` (a whole-file write, as the tools do). */
  agentReplace(start: number, count: number, replacement: string[]): void {
    const before = [...this.lines];
    this.lines.splice(start, count, ...replacement);
    // A file always has a line, if only an empty one.
    if (this.lines.length === 0) this.lines = [''];
    this.hunks.agentEdit(before, this.lines);
  }

  /** The user's edit of a character range, reported to the tracker as an editor reports it. */
  userEdit(change: TextChange): void {
    const offset = (line: number, character: number) => this.lines.slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
    const text = this.text;
    const next = text.slice(0, offset(change.startLine, change.startCharacter)) + change.text + text.slice(offset(change.endLine, change.endCharacter));
    this.lines = next.split('\n');
    this.hunks.otherEdit(spliceOf(change));
  }

  /** Undo as the editor applies it; the lines outside the replaced range are returned for comparison. */
  undo(id: string): { ok: boolean; message?: string } {
    const plan = this.hunks.undo(id, (line) => this.lines[line], 'f.ts');
    if (!plan.ok) return plan;
    const { start, end, lines } = plan.replacement;
    this.lines.splice(start, end - start, ...lines);
    return { ok: true };
  }

  /** A random position in the file. */
  position(random: (n: number) => number): { line: number; character: number } {
    const line = random(this.lines.length);
    return { line, character: random(this.lines[line]!.length + 1) };
  }
}
