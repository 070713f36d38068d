import { strict as assert } from 'node:assert';
import { z } from 'zod';
import { coerceParams, parseTaggedObjects, parseTaggedScalars } from '../../../../src/core/tools/paramCoercion';

describe('paramCoercion', () => {
  const schema = z.object({
    path: z.string(),
    offset: z.number().int().optional(),
    all: z.boolean().default(false),
    edits: z.array(z.object({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional() })).optional(),
    options: z.array(z.string()).optional(),
  });

  it('leaves strings the schema wants as strings alone, even numeric ones', () => {
    assert.deepEqual(coerceParams(schema, { path: '123' }), { path: '123' });
  });

  it('converts numbers and booleans, and keeps what does not convert for zod to report', () => {
    assert.deepEqual(coerceParams(schema, { path: 'a', offset: '10', all: 'TRUE' }), { path: 'a', offset: 10, all: true });
    assert.deepEqual(coerceParams(schema, { path: 'a', offset: '1e3', all: 'maybe' }), { path: 'a', offset: '1e3', all: 'maybe' });
    assert.deepEqual(coerceParams(schema, { path: 'a', offset: 5, all: false }), { path: 'a', offset: 5, all: false }, 'JSON values pass through');
  });

  it('reads object lists from nested tags, with any wrapper or none, keeping markup inside values', () => {
    const wrapped = '<edit>\n<old_string>\na < b && c > d\n</old_string>\n<new_string><div>x</div></new_string>\n</edit>\n<edit><replace_all>true</replace_all><old_string>p</old_string><new_string>q</new_string></edit>';
    assert.deepEqual(coerceParams(schema, { path: 'a', edits: wrapped }), {
      path: 'a',
      edits: [
        { old_string: 'a < b && c > d', new_string: '<div>x</div>' },
        { old_string: 'p', new_string: 'q', replace_all: true },
      ],
    });
    assert.deepEqual(parseTaggedObjects('<old_string>a</old_string><new_string>b</new_string><old_string>c</old_string><new_string>d</new_string>', ['old_string', 'new_string']), [
      { old_string: 'a', new_string: 'b' },
      { old_string: 'c', new_string: 'd' },
    ]);
  });

  it('keeps exactly the whitespace inside a nested value except the newlines next to its tags', () => {
    const [item] = parseTaggedObjects('<old_string>\n  indented\n\n</old_string>', ['old_string']);
    assert.equal(item!.old_string, '  indented\n');
  });

  it('reads string lists from JSON, tags or lines', () => {
    assert.deepEqual(coerceParams(schema, { path: 'a', options: '["x", "y"]' }), { path: 'a', options: ['x', 'y'] });
    assert.deepEqual(parseTaggedScalars('<option>x</option>\n<option>y z</option>'), ['x', 'y z']);
    assert.deepEqual(parseTaggedScalars(' x \n\n y\n'), ['x', 'y']);
  });
});
