import { strict as assert } from 'node:assert';
import { newProblems } from '../../../../src/core/languageServices/newProblems';
import { problemLine, problemLines } from '../../../../src/core/languageServices/problemLines';
import type { Problem } from '../../../../src/core/ports/languageServices';

const problem = (line: number, message: string, extra: Partial<Problem> = {}): Problem => ({ path: 'src/a.ts', line, character: 2, severity: 'error', source: 'ts', code: '2322', message, ...extra });
const assignError = "Type 'string' is not assignable to type 'number'.";

describe('new problems after an edit (spec §13)', () => {
  it('a problem that only moved (lines added above it) is not new', () => {
    assert.deepEqual(newProblems([problem(4, assignError)], [problem(9, assignError)]), []);
  });

  it('the same message twice where there was one counts the second as new', () => {
    const found = newProblems([problem(4, assignError)], [problem(4, assignError), problem(12, assignError)]);
    assert.equal(found.length, 1);
  });

  it('fixed problems are not reported, and new ones are whatever their line', () => {
    const before = [problem(1, 'Cannot find name x.', { code: '2304' })];
    const after = [problem(3, assignError)];
    assert.deepEqual(newProblems(before, after), [problem(3, assignError)]);
  });

  it('severity, code, source and file tell problems apart', () => {
    const before = [problem(1, assignError)];
    assert.equal(newProblems(before, [problem(1, assignError, { severity: 'warning' })]).length, 1);
    assert.equal(newProblems(before, [problem(1, assignError, { code: '2345' })]).length, 1);
    assert.equal(newProblems(before, [problem(1, assignError, { path: 'src/b.ts' })]).length, 1);
  });

  it('one line per problem in the spec\'s format, 1-based, at most 20 then …and N more', () => {
    assert.equal(problemLine(problem(1, assignError)), "src/a.ts:2:3 error ts 2322: Type 'string' is not assignable to type 'number'.");
    assert.equal(problemLine({ path: 'a.py', line: 0, character: 0, severity: 'warning', message: 'unused\n  import' }), 'a.py:1:1 warning: unused import');
    const many = Array.from({ length: 23 }, (_, i) => problem(i, `m${i}`));
    const lines = problemLines(many);
    assert.equal(lines.length, 21);
    assert.equal(lines[20], '…and 3 more');
  });
});
