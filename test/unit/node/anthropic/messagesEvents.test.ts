import { strict as assert } from 'node:assert';
import { ModelError, type ModelChunk } from '../../../../src/core/ports/modelClient';
import { MessagesEventAccumulator, type RawEvent } from '../../../../src/node/anthropic/messagesEvents';

const start = { type: 'message_start', message: { usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 90, output_tokens: 1 } } };
const text = (t: string, index = 0): unknown[] => [{ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, { type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } }, { type: 'content_block_stop', index }];
const end = (stop_reason: string) => [{ type: 'message_delta', delta: { stop_reason }, usage: { output_tokens: 5 } }, { type: 'message_stop' }];

function run(events: unknown[], prefix: Record<string, unknown>[] = []): ModelChunk[] {
  const accumulator = new MessagesEventAccumulator('p', new Map([['memory', 'Memory']]), prefix as never);
  const chunks: ModelChunk[] = [];
  for (const data of events) chunks.push(...accumulator.add({ event: null, data } as RawEvent));
  chunks.push(...accumulator.end());
  return chunks;
}
const finish = (chunks: ModelChunk[]) => chunks.flatMap((c) => (c.type === 'finish' ? [c.reason] : []));

describe('the Messages API stream, event by event (spec §3 `messages`)', () => {
  it('stop reasons: max_tokens and pause_turn continue like length, tool_use is calls, refusal shows as a refusal', () => {
    assert.deepEqual(finish(run([start, ...text('a'), ...end('max_tokens')])), ['length']);
    assert.deepEqual(finish(run([start, ...text('a'), ...end('pause_turn')])), ['length']);
    assert.deepEqual(finish(run([start, ...text('a'), ...end('end_turn')])), ['stop']);
    const refused = run([start, ...end('refusal')]);
    assert.deepEqual(refused.filter((c) => c.type === 'refusal'), [{ type: 'refusal', delta: 'The model declined to answer.' }]);
    assert.deepEqual(finish(refused), ['stop']);
  });

  it('usage: input counts the cache\'s reads and writes; the last cumulative report wins', () => {
    const usage = run([start, ...text('a'), ...end('end_turn')]).find((c) => c.type === 'usage');
    assert.deepEqual(usage, { type: 'usage', usage: { inputTokens: 100, outputTokens: 5, cachedInputTokens: 90, cacheWriteInputTokens: 0 } });
  });

  it('a native tool\'s call maps back to its ToolSpec; a call with no input gets {}', () => {
    const chunks = run([start, { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_m', name: 'memory', input: {} } }, { type: 'content_block_stop', index: 0 }, ...end('tool_use')]);
    assert.deepEqual(chunks.filter((c) => c.type === 'toolCallDelta'), [
      { type: 'toolCallDelta', index: 0, id: 'toolu_m', name: 'Memory', argumentsDelta: undefined },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{}' },
    ]);
  });

  it('an error event after the reply began stops the turn (not retried); a stream without message_stop broke', () => {
    assert.throws(() => run([start, ...text('half'), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]),
      (error: ModelError) => error.kind === 'unknown' && !error.retryable && error.message === 'The model failed (overloaded_error): Overloaded');
    assert.throws(() => run([start, ...text('half')]), (error: ModelError) => error.kind === 'network' && error.retryable);
  });

  it('a continued reply keeps the thinking of the prefix it continues, first', () => {
    const kept = { type: 'thinking', thinking: 'Plan.', signature: 'sig' };
    const echo = run([start, ...text('more'), ...end('end_turn')], [kept]).find((c) => c.type === 'echo');
    assert.deepEqual(echo, { type: 'echo', echo: { producer: 'p', items: [kept] } });
  });
});
