import { strict as assert } from 'node:assert';
import type { TextChange } from '../../../../src/core/inlineReview/lineSplice';
import { prng, SimulatedFile } from './simulatedFile';

const userTexts = ['', 'U', 'UU', '\n', 'U\n', '\nU', 'U\nU\n', 'UUU\nU'];

function randomUserEdit(file: SimulatedFile, random: (n: number) => number): TextChange {
  const a = file.position(random);
  const b = random(3) === 0 ? file.position(random) : a;
  const [from, to] = a.line < b.line || (a.line === b.line && a.character <= b.character) ? [a, b] : [b, a];
  return { startLine: from.line, startCharacter: from.character, endLine: to.line, endCharacter: to.character, text: userTexts[random(userTexts.length)]! };
}

function randomAgentEdit(file: SimulatedFile, random: (n: number) => number, step: number): void {
  const start = random(file.lines.length + 1);
  const count = Math.min(random(4), file.lines.length - start);
  file.agentReplace(start, count, Array.from({ length: random(4) }, (_, i) => `A${step}.${i}`));
}

/** Sorted, disjoint, inside the file, and every hunk nobody touched sits exactly on the lines the agent wrote. */
function assertTracked(file: SimulatedFile, context: string): void {
  let previousEnd = 0;
  for (const hunk of file.hunks.hunks) {
    assert.ok(hunk.start >= 0 && hunk.start <= hunk.end && hunk.end <= file.lines.length, `${context}: range ${hunk.start}-${hunk.end} of ${file.lines.length}`);
    assert.ok(hunk.start >= previousEnd, `${context}: overlapping hunks`);
    previousEnd = hunk.end;
    if (!hunk.touched) assert.deepEqual(file.lines.slice(hunk.start, hunk.end), hunk.agent, `${context}: hunk ${hunk.id} lost its lines`);
  }
}

const countUs = (text: string) => text.split('U').length - 1;

describe('FileHunks properties over random edit sequences (seeded)', () => {
  it('hunks follow the agent\'s lines through edits above, inside and below them', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = prng(seed);
      const file = new SimulatedFile(Array.from({ length: 5 + random(20) }, (_, i) => `L${i}`));
      for (let step = 0; step < 40; step++) {
        if (random(3) === 0) randomAgentEdit(file, random, step);
        else file.userEdit(randomUserEdit(file, random));
        assertTracked(file, `seed ${seed} step ${step}`);
      }
    }
  });

  it('Undo never touches text outside its hunk and never loses what the user typed', () => {
    let undone = 0;
    let refused = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const random = prng(seed * 7919);
      const file = new SimulatedFile(Array.from({ length: 5 + random(20) }, (_, i) => `L${i}`));
      for (let step = 0; step < 40; step++) {
        const choice = random(5);
        if (choice === 0) randomAgentEdit(file, random, step);
        else if (choice < 4 || file.hunks.hunks.length === 0) file.userEdit(randomUserEdit(file, random));
        else {
          const hunk = file.hunks.hunks[random(file.hunks.hunks.length)]!;
          const before = [...file.lines];
          const typed = countUs(file.text);
          const outcome = file.undo(hunk.id);
          const context = `seed ${seed} step ${step}`;
          if (!outcome.ok) {
            refused++;
            assert.deepEqual(file.lines, before, `${context}: a refused Undo changed the file`);
            continue;
          }
          undone++;
          assert.deepEqual(file.lines.slice(0, hunk.start), before.slice(0, hunk.start), `${context}: lines above changed`);
          assert.deepEqual(file.lines.slice(hunk.start + hunk.original.length), before.slice(hunk.end), `${context}: lines below changed`);
          assert.deepEqual(before.slice(hunk.start, hunk.end), hunk.agent, `${context}: undid lines that were not the agent's`);
          assert.ok(countUs(file.text) >= typed - countUs(hunk.agent.join('\n')), `${context}: lost the user's text`);
          assert.equal(countUs(hunk.agent.join('\n')), 0, `${context}: the undone lines held the user's text`);
        }
        assertTracked(file, `seed ${seed} step ${step}`);
      }
    }
    // Both branches really ran.
    assert.ok(undone > 100 && refused > 20, `undone ${undone}, refused ${refused}`);
  });

  it('with only the agent editing, undoing every hunk gives back the original file', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = prng(seed * 104729);
      const original = Array.from({ length: 3 + random(25) }, (_, i) => `L${i}`);
      const file = new SimulatedFile(original);
      for (let step = 0; step < 1 + random(8); step++) randomAgentEdit(file, random, step);
      for (const hunk of [...file.hunks.hunks].reverse()) assert.equal(file.undo(hunk.id).ok, true, `seed ${seed}`);
      assert.deepEqual(file.lines, original, `seed ${seed}`);
      assert.deepEqual(file.hunks.hunks, []);
    }
  });
});
