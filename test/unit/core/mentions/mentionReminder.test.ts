import { strict as assert } from 'node:assert';
import { mentionReminder } from '../../../../src/core/mentions/mentionReminder';

const file = (path: string) => ({ path, kind: 'file' as const });

describe('mentionReminder', () => {
  it('is the seed template byte for byte for a file', () => {
    assert.equal(
      mentionReminder([file('src/utils/auth.ts')]),
      '<system-reminder>\nThe user mentioned @src/utils/auth.ts.\nYou MUST read this file with the Read tool before answering.\n</system-reminder>',
    );
  });

  it('asks for LS on a folder, shown with a trailing slash', () => {
    assert.equal(
      mentionReminder([{ path: 'src/utils', kind: 'directory' }]),
      '<system-reminder>\nThe user mentioned @src/utils/.\nYou MUST list this folder with the LS tool before answering.\n</system-reminder>',
    );
  });

  it('joins blocks with a newline, at most five, then counts the rest', () => {
    const six = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'].map(file);
    const text = mentionReminder(six);
    assert.equal(text.match(/<system-reminder>/g)?.length, 5);
    assert.ok(!text.includes('@f.ts'));
    assert.ok(text.endsWith('</system-reminder>\n(and 1 more…)'));
    assert.ok(text.includes('</system-reminder>\n<system-reminder>\nThe user mentioned @b.ts.'));
    assert.equal(mentionReminder(six.slice(0, 5)).includes('more'), false);
  });

  it('is empty without mentions', () => {
    assert.equal(mentionReminder([]), '');
  });

  it('names the lines of a range mention', () => {
    const text = mentionReminder([{ path: 'src/a.ts', kind: 'file', lines: { from: 10, to: 20 } }, { path: 'src/b.ts', kind: 'file', lines: { from: 7, to: 7 } }]);
    assert.match(text, /The user mentioned @src\/a\.ts \(lines 10-20\)\.\nYou MUST read this file with the Read tool before answering, at least lines 10-20 \(offset 10\)\./);
    assert.match(text, /@src\/b\.ts \(line 7\)/);
  });
});
