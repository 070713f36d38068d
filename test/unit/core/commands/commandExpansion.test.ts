import { strict as assert } from 'node:assert';
import { commandInputs, commandWords, expandCommand, parseCommandInvocation } from '../../../../src/core/commands/commandExpansion';

describe('command expansion', () => {
  it('parses /name and the text after it, namespaced names included', () => {
    assert.deepEqual(parseCommandInvocation('/explain src/a.ts carefully'), { name: 'explain', args: 'src/a.ts carefully' });
    assert.deepEqual(parseCommandInvocation('  /frontend:test\n  unit only '), { name: 'frontend:test', args: 'unit only' });
    assert.deepEqual(parseCommandInvocation('/review'), { name: 'review', args: '' });
    assert.equal(parseCommandInvocation('explain /explain'), null);
    assert.equal(parseCommandInvocation('/ explain'), null);
    assert.equal(parseCommandInvocation('/src/a.ts is broken'), null, 'a path is no command name');
  });

  it('$ARGUMENTS is everything after the name, $1…$9 its words, missing words empty', () => {
    const body = 'Explain $1 ($ARGUMENTS). Mode: $2. Extra: [$3]';
    assert.equal(expandCommand(body, 'src/a.ts carefully', new Map()), 'Explain src/a.ts (src/a.ts carefully). Mode: carefully. Extra: []');
  });

  it('quotes keep spaces in one word; an unmatched quote is an ordinary character', () => {
    assert.deepEqual(commandWords(`"two words" 'single quoted' plain`), ['two words', 'single quoted', 'plain']);
    assert.deepEqual(commandWords(`it's "unclosed here`), [`it's`, '"unclosed', 'here']);
    assert.deepEqual(commandWords(`a"b"c ""`), ['a"b"c', '']);
    assert.equal(expandCommand('[$1] [$2]', `"x y" z`, new Map()), '[x y] [z]');
  });

  it('expands in one pass: placeholders inside the arguments or answers stay as typed', () => {
    const answers = new Map([['who', '$ARGUMENTS ${input:who}']]);
    assert.equal(expandCommand('$1 | $ARGUMENTS | ${input:who}', '$2 ${input:who} $ARGUMENTS', answers), '$2 | $2 ${input:who} $ARGUMENTS | $ARGUMENTS ${input:who}');
  });

  it('$10 is not $1 followed by 0', () => {
    assert.equal(expandCommand('$10 $1', 'a', new Map()), '$10 a');
  });

  it('a body without placeholders gets the arguments appended, as Claude Code does', () => {
    assert.equal(expandCommand('Review the diff.', 'focus on tests', new Map()), 'Review the diff.\n\nARGUMENTS: focus on tests');
    assert.equal(expandCommand('Review the diff.', '', new Map()), 'Review the diff.');
  });

  it('lists ${input:name} and ${input:name:default} once each, in order, and substitutes the answers', () => {
    const body = 'Component ${input:component:Button} in ${input:folder} (${input:component:Other})';
    assert.deepEqual(commandInputs(body), [{ name: 'component', defaultValue: 'Button' }, { name: 'folder' }]);
    assert.equal(expandCommand(body, '', new Map([['component', 'Card'], ['folder', 'src/ui']])), 'Component Card in src/ui (Card)');
  });
});
