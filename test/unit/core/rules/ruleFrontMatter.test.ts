import { strict as assert } from 'node:assert';
import { splitFrontMatter } from '../../../../src/core/rules/frontMatter';
import { decideRule } from '../../../../src/core/rules/ruleApplicability';
import { parseRuleFile } from '../../../../src/core/rules/ruleFile';
import { splitGlobList } from '../../../../src/core/rules/ruleSettings';
import { english } from '../../../../src/core/ports/translator';

function settingsOf(text: string) {
  const parsed = parseRuleFile(text);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.settings;
}

describe('rule front matter', () => {
  it('splits YAML front matter from the body (BOM, CRLF, empty front matter)', () => {
    assert.deepEqual(splitFrontMatter('---\ndescription: x\n---\nBody\n'), { ok: true, data: { description: 'x' }, body: 'Body\n' });
    assert.deepEqual(splitFrontMatter('\uFEFF---\r\nalwaysApply: true\r\n---\r\nBody'), { ok: true, data: { alwaysApply: true }, body: 'Body' });
    assert.deepEqual(splitFrontMatter('---\n---\nBody'), { ok: true, data: {}, body: 'Body' });
    assert.deepEqual(splitFrontMatter('# No front matter\n---\n'), { ok: true, data: undefined, body: '# No front matter\n---\n' });
  });

  it('reports unclosed front matter and invalid YAML', () => {
    const unclosed = splitFrontMatter('---\ndescription: x\nBody');
    assert.equal(unclosed.ok, false);
    const invalid = splitFrontMatter('---\ndescription: [unclosed\n---\n');
    assert.ok(!invalid.ok && invalid.error(english).startsWith('invalid YAML: '));
  });

  it('accepts globs as a string, a comma-separated string (braces kept whole) or a list', () => {
    assert.deepEqual(settingsOf('---\nglobs: src/**/*.ts\n---\n').globs, ['src/**/*.ts']);
    assert.deepEqual(settingsOf('---\nglobs: "*.md, src/**/*.{ts,tsx}"\n---\n').globs, ['*.md', 'src/**/*.{ts,tsx}']);
    assert.deepEqual(settingsOf('---\nglobs:\n  - a/**\n  - "*.py"\n---\n').globs, ['a/**', '*.py']);
    assert.deepEqual(splitGlobList('a,{b,c},d'), ['a', '{b,c}', 'd']);
  });

  it('treats empty keys as absent, as Cursor writes them', () => {
    const settings = settingsOf('---\ndescription:\nglobs:\nalwaysApply: false\n---\n');
    assert.deepEqual(settings, { description: undefined, globs: [], alwaysApply: false, unconfigured: false });
  });

  it('rejects wrong types with the offending key', () => {
    const parsed = parseRuleFile('---\nalwaysApply: "yes"\nglobs: 3\n---\n');
    assert.ok(!parsed.ok);
    assert.match(parsed.error, /alwaysApply: .*boolean/);
    assert.match(parsed.error, /globs: /);
    assert.equal(parseRuleFile('---\n- a list\n---\n').ok, false);
  });

  it('decides inclusion: always, glob match, description, never', () => {
    assert.deepEqual(decideRule(settingsOf('---\nalwaysApply: true\n---\n'), []), { include: 'always' });
    assert.deepEqual(decideRule(settingsOf('Just rules\n'), []), { include: 'always' });
    const ts = settingsOf('---\nglobs: src/**/*.ts\ndescription: TS style\n---\n');
    assert.deepEqual(decideRule(ts, ['./src/core/a.ts']), { include: 'glob' });
    assert.deepEqual(decideRule(ts, ['docs/a.md']), { include: 'description', description: 'TS style' });
    assert.deepEqual(decideRule(settingsOf('---\nglobs: "*.py"\n---\n'), ['tools/x.py']), { include: 'glob' });
    assert.deepEqual(decideRule(settingsOf('---\nglobs: src/\n---\n'), ['src/deep/x.go']), { include: 'glob' });
    assert.deepEqual(decideRule(settingsOf('---\nglobs: "*.py"\n---\n'), ['a.ts']), { include: 'never' });
    const inert = decideRule(settingsOf('---\nalwaysApply: false\n---\n'), []);
    assert.ok(inert.include === 'never' && inert.problem);
  });
});
