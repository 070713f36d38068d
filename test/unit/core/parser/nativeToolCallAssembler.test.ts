import { strict as assert } from 'node:assert';
import { NativeToolCallAssembler, type ToolCallDeltaChunk } from '../../../../src/core/parser/nativeToolCallAssembler';
import type { ParserEvent } from '../../../../src/core/parser/parserEvents';
import { cutAt, normalize, seededRandom } from './parserHarness';

function delta(index: number, fields: Omit<ToolCallDeltaChunk, 'type' | 'index'>): ToolCallDeltaChunk {
  return { type: 'toolCallDelta', index, ...fields };
}

function assemble(chunks: readonly ToolCallDeltaChunk[]): ParserEvent[] {
  const assembler = new NativeToolCallAssembler();
  return [...chunks.flatMap((chunk) => assembler.push(chunk)), ...assembler.finish()];
}

/** OpenAI's shape: id and name in the first delta, then the arguments in pieces. */
function streamedCall(index: number, id: string, name: string, argumentPieces: readonly string[]): ToolCallDeltaChunk[] {
  return [delta(index, { id, name, argumentsDelta: '' }), ...argumentPieces.map((argumentsDelta) => delta(index, { argumentsDelta }))];
}

const WRITE_ARGUMENTS = JSON.stringify({ path: 'src/a.ts', content: 'const x = "<div>";\n</content>\nconsole.log(x);\n' });

describe('NativeToolCallAssembler', () => {
  it('emits start, streamed string params and the parsed end', () => {
    const events = assemble(streamedCall(0, 'call_1', 'Write', ['{"path":"src/a.ts",', '"content":"a\\nb"}']));
    assert.deepEqual(events, [
      { type: 'toolCallStart', callId: 'call_1', name: 'Write' },
      { type: 'toolParamDelta', callId: 'call_1', name: 'Write', param: 'path', delta: 'src/a.ts' },
      { type: 'toolParamDelta', callId: 'call_1', name: 'Write', param: 'content', delta: 'a\nb' },
      { type: 'toolCallEnd', callId: 'call_1', name: 'Write', params: { path: 'src/a.ts', content: 'a\nb' }, complete: true, raw: '{"path":"src/a.ts","content":"a\\nb"}' },
    ]);
  });

  it('gives the same call however the arguments are split', () => {
    const expected = normalize(assemble(streamedCall(0, 'c', 'Write', [WRITE_ARGUMENTS])));
    assert.deepEqual(expected.calls[0]?.params, JSON.parse(WRITE_ARGUMENTS));
    const random = seededRandom(42);
    for (let run = 0; run < 200; run++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 20) }, () => Math.floor(random() * WRITE_ARGUMENTS.length));
      assert.deepEqual(normalize(assemble(streamedCall(0, 'c', 'Write', cutAt(WRITE_ARGUMENTS, cuts)))), expected, `run ${run}`);
    }
    assert.deepEqual(normalize(assemble(streamedCall(0, 'c', 'Write', [...WRITE_ARGUMENTS]))), expected);
  });

  it('keeps two parallel calls apart, in the order they appeared', () => {
    const first = streamedCall(0, 'call_a', 'Read', ['{"pa', 'th":"a.ts"}']);
    const second = streamedCall(1, 'call_b', 'Read', ['{"path"', ':"b.ts"}']);
    const interleaved = [first[0]!, second[0]!, first[1]!, second[1]!, first[2]!, second[2]!];
    const result = normalize(assemble(interleaved));
    assert.deepEqual(
      result.calls.map((c) => [c.callId, c.name, c.params, c.complete]),
      [
        ['call_a', 'Read', { path: 'a.ts' }, true],
        ['call_b', 'Read', { path: 'b.ts' }, true],
      ],
    );
  });

  it('separates calls that share index 0 but have different ids', () => {
    const result = normalize(assemble([...streamedCall(0, 'x1', 'Read', ['{"path":"a"}']), ...streamedCall(0, 'x2', 'LS', ['{"path":"b"}'])]));
    assert.deepEqual(result.calls.map((c) => [c.callId, c.name, c.params]), [['x1', 'Read', { path: 'a' }], ['x2', 'LS', { path: 'b' }]]);
  });

  it('tolerates a server that repeats the id and name on every delta', () => {
    const chunks = ['{"path":', '"a"}'].map((argumentsDelta) => delta(0, { id: 'r', name: 'Read', argumentsDelta }));
    assert.deepEqual(normalize(assemble(chunks)).calls.map((c) => [c.callId, c.name, c.params]), [['r', 'Read', { path: 'a' }]]);
  });

  it('reports invalid JSON as an incomplete call with the raw text', () => {
    const raw = '{"path": "a.ts", "content": "unterminated';
    const result = normalize(assemble(streamedCall(0, 'bad', 'Write', [raw])), { incompleteCallsMatchDeltas: false });
    assert.deepEqual(result.calls, [{ callId: 'bad', name: 'Write', params: {}, complete: false, raw }]);
  });

  it('reports JSON that is not an object as incomplete', () => {
    assert.equal(normalize(assemble(streamedCall(0, 'arr', 'Read', ['["a.ts"]']))).calls[0]?.complete, false);
  });

  it('stringifies values that are not strings', () => {
    const result = normalize(assemble(streamedCall(0, 'e', 'MultiEdit', ['{"path":"a","edits":[{"old":"x","new":"y"}],"limit":5,"all":true,"n":null}'])));
    assert.deepEqual(result.calls[0]?.params, { path: 'a', edits: '[{"old":"x","new":"y"}]', limit: '5', all: 'true', n: 'null' });
  });

  it('treats empty arguments as no parameters', () => {
    assert.deepEqual(normalize(assemble(streamedCall(0, 'e', 'LS', []))).calls[0]?.params, {});
  });

  it('names a call native-<index> when the model sends no id', () => {
    const result = normalize(assemble([delta(2, { name: 'Read' }), delta(2, { argumentsDelta: '{"path":"a"}' })]));
    assert.deepEqual(result.calls.map((c) => c.callId), ['native-2']);
  });

  it('waits for the name before starting, then streams what came before it', () => {
    const assembler = new NativeToolCallAssembler();
    assert.deepEqual(assembler.push(delta(0, { id: 'late', argumentsDelta: '{"path":"a' })), []);
    assert.deepEqual(assembler.push(delta(0, { name: 'Read' })), [
      { type: 'toolCallStart', callId: 'late', name: 'Read' },
      { type: 'toolParamDelta', callId: 'late', name: 'Read', param: 'path', delta: 'a' },
    ]);
  });

  it('ends a call that never got a name as incomplete', () => {
    const result = normalize(assemble([delta(0, { id: 'anon', argumentsDelta: '{}' })]));
    assert.deepEqual(result.calls, [{ callId: 'anon', name: '', params: {}, complete: false, raw: '{}' }]);
  });

  it('starts afresh after finish()', () => {
    const assembler = new NativeToolCallAssembler();
    assembler.push(delta(0, { id: 'one', name: 'Read', argumentsDelta: '{}' }));
    assert.equal(assembler.finish().length, 1);
    assert.deepEqual(assembler.finish(), []);
    const events = [...assembler.push(delta(0, { id: 'two', name: 'LS', argumentsDelta: '{}' })), ...assembler.finish()];
    assert.deepEqual(normalize(events).calls.map((c) => c.callId), ['two']);
  });
});
