import { strict as assert } from 'node:assert';
import { titleFrom } from '../../../../src/core/conversation/conversationTitle';

describe('titleFrom', () => {
  it('takes the first line, trimmed', () => {
    assert.equal(titleFrom('  Fix the login bug  \nDetails follow'), 'Fix the login bug');
  });

  it('skips leading blank lines and collapses inner whitespace', () => {
    assert.equal(titleFrom('\n\r\n   \n\tRefactor   the\tparser\nmore'), 'Refactor the parser');
  });

  it('keeps a title of exactly 60 characters whole', () => {
    const sixty = 'a'.repeat(60);
    assert.equal(titleFrom(sixty), sixty);
  });

  it('cuts a longer line to 60 characters ending with an ellipsis', () => {
    const title = titleFrom('word '.repeat(30));
    assert.ok(Array.from(title).length <= 60);
    assert.ok(title.endsWith('…'));
    assert.ok(!title.endsWith(' …'), 'no space before the ellipsis');
  });

  it('counts CJK and emoji as one character each and never splits a surrogate pair', () => {
    const title = titleFrom('😀'.repeat(70));
    assert.equal(Array.from(title).length, 60);
    assert.equal(title, '😀'.repeat(59) + '…');
    assert.equal(titleFrom('修复登录错误'), '修复登录错误');
  });

  it('leaves a message without text untitled: the panel words it in the user\'s language', () => {
    assert.equal(titleFrom(''), '');
    assert.equal(titleFrom(' \n \n'), '');
  });
});
