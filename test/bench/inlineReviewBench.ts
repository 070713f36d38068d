import { InlineReview } from '../../src/core/inlineReview/inlineReview';
import { hunkMarks } from '../../src/core/inlineReview/hunkMarks';
import { spliceOf } from '../../src/core/inlineReview/lineSplice';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';

const LINES = 5000;
const HUNKS = 200;
const RUNS = 21;
const PATH = 'src/big.ts';
const TARGET_REMARK_MS = 20;
const TARGET_UNDO_MS = 50;

/** A 5,000-line file the agent changed in 200 places (every 25th line rewritten, every 50th with a line added). */
function reviewedFile(): { review: InlineReview; lines: string[] } {
  const original = Array.from({ length: LINES }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`);
  const edited: string[] = [];
  original.forEach((line, i) => {
    if (i % 25 !== 12) return void edited.push(line);
    edited.push(`export const value${i} = ${i * 100}; // changed by the agent`);
    if (i % 50 === 12) edited.push(`export const extra${i} = ${i};`);
  });
  const review = new InlineReview();
  review.agentEdit(PATH, `${original.join('\n')}\n`, `${edited.join('\n')}\n`);
  if (review.hunksOf(PATH).length !== HUNKS) throw new Error(`expected ${HUNKS} hunks, got ${review.hunksOf(PATH).length}`);
  return { review, lines: [...edited, ''] };
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function measure(setup: () => { review: InlineReview; lines: string[] }, action: (review: InlineReview, lines: string[]) => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { review, lines } = setup();
    times.push(timed(() => action(review, lines)));
  }
  return median(times);
}

export async function runInlineReviewBench(): Promise<void> {
  console.log(`\ninline review (spec §15): a ${LINES}-line file with ${HUNKS} hunks, median of ${RUNS} runs`);
  const base = reviewedFile();
  const state = base.review.state();
  const fresh = () => ({ review: new InlineReview(structuredClone(state)), lines: [...base.lines] });

  // The agent edits one more line mid-file: merge into the hunks, then the marks the editor draws.
  const agentRemark = measure(fresh, (review, lines) => {
    const after = [...lines];
    after[2500] = 'export const midpoint = true;';
    review.agentEdit(PATH, lines.join('\n'), after.join('\n'));
    hunkMarks(review.hunksOf(PATH), after.length);
  });
  // The user presses Enter near the top: all 200 hunks move, and are drawn again.
  const enterRemark = measure(fresh, (review, lines) => {
    review.otherEdit(PATH, spliceOf({ startLine: 3, startCharacter: 5, endLine: 3, endCharacter: 5, text: '\n' }));
    hunkMarks(review.hunksOf(PATH), lines.length + 1);
  });
  // Undo of the 100th hunk: checked against the file's lines, replaced, the hunks below moved.
  const undo = measure(fresh, (review, lines) => {
    const hunk = review.hunksOf(PATH)[100]!;
    const outcome = review.undo(PATH, hunk.id, (line) => lines[line]);
    if (!outcome.ok) throw new Error(outcome.message);
    lines.splice(outcome.replacement.start, outcome.replacement.end - outcome.replacement.start, ...outcome.replacement.lines);
  });
  // Typing: 1,000 keystrokes in a line between hunks. A keystroke that adds no line moves no mark, so nothing is redrawn.
  const typing = fresh();
  let redraws = 0;
  typing.review.onChange(() => redraws++);
  const typingMs = timed(() => {
    for (let k = 0; k < 1000; k++) typing.review.otherEdit(PATH, spliceOf({ startLine: 2000, startCharacter: k, endLine: 2000, endCharacter: k, text: 'x' }));
  });

  const rows: [string, number, number | undefined][] = [
    ['re-marking after an agent edit', agentRemark, TARGET_REMARK_MS],
    ['re-marking after Enter above every hunk', enterRemark, TARGET_REMARK_MS],
    ['Undo of one hunk', undo, TARGET_UNDO_MS],
  ];
  for (const [figure, ms, target] of rows) {
    console.log(`  ${figure.padEnd(42)} ${msText(ms, 2).padStart(10)}  target ≤ ${target} ms`);
    reportFigure({ area: 'inline review', figure, value: msText(ms, 2), target: `≤ ${target} ms`, ok: ms <= target! });
  }
  console.log(`  1,000 keystrokes between hunks: ${msText(typingMs, 2)} in all (${((typingMs * 1000) / 1000).toFixed(1)} µs each), ${redraws} redraws`);
  reportFigure({ area: 'inline review', figure: 'redraws for 1,000 keystrokes between hunks', value: String(redraws), target: '0', ok: redraws === 0 });
  reportFigure({ area: 'inline review', figure: 'tracking cost of one keystroke', value: `${typingMs.toFixed(1)} µs` });
}
