import { strict as assert } from 'node:assert';
import { JsonStringFieldStreamer, type JsonFieldDelta } from '../../../../src/core/parser/jsonStringFieldStreamer';
import { cutAt, seededRandom } from './parserHarness';

function streamedFields(pieces: readonly string[]): Record<string, string> {
  const streamer = new JsonStringFieldStreamer();
  const fields: Record<string, string> = {};
  const deltas: JsonFieldDelta[] = pieces.flatMap((piece) => streamer.push(piece));
  for (const { field, delta } of deltas) {
    assert.notEqual(delta, '');
    fields[field] = (fields[field] ?? '') + delta;
  }
  return fields;
}

function stringFieldsOf(json: string): Record<string, string> {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

const ARGUMENTS = JSON.stringify({
  path: 'src/a "quoted".ts',
  offset: 10,
  edits: [{ old: 'a", "b', new: '}{' }],
  flag: true,
  none: null,
  content: 'line1\nline2\t\\ back "q" </content> é 😀 \u0001 / end',
  empty: '',
});

describe('JsonStringFieldStreamer', () => {
  it('decodes every top-level string field, skipping other values', () => {
    assert.deepEqual(streamedFields([ARGUMENTS]), stringFieldsOf(ARGUMENTS));
  });

  it('gives the same fields however the text is cut', () => {
    assert.deepEqual(streamedFields([...ARGUMENTS]), stringFieldsOf(ARGUMENTS));
    for (let cut = 0; cut <= ARGUMENTS.length; cut++) assert.deepEqual(streamedFields(cutAt(ARGUMENTS, [cut])), stringFieldsOf(ARGUMENTS), `cut ${cut}`);
    const random = seededRandom(7);
    for (let run = 0; run < 200; run++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * ARGUMENTS.length));
      assert.deepEqual(streamedFields(cutAt(ARGUMENTS, cuts)), stringFieldsOf(ARGUMENTS), `run ${run}`);
    }
  });

  it('decodes escapes written by hand, with whitespace around the structure', () => {
    assert.deepEqual(streamedFields(['{ "a" :\n "x\\u00e9\\/\\"y" , "b": "\\\\n" }']), { a: 'xé/"y', b: '\\n' });
  });

  it('streams a value before it is closed', () => {
    const streamer = new JsonStringFieldStreamer();
    assert.deepEqual(streamer.push('{"content": "hel'), [{ field: 'content', delta: 'hel' }]);
    assert.deepEqual(streamer.push('lo\\'), [{ field: 'content', delta: 'lo' }]);
    assert.deepEqual(streamer.push('nwor'), [{ field: 'content', delta: '\nwor' }]);
  });

  it('gives up quietly on text that is not an object', () => {
    assert.deepEqual(streamedFields(['["a", "b"]']), {});
    assert.deepEqual(streamedFields(['not json "x"']), {});
  });
});
